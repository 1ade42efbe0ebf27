import Foundation
import Testing
@testable import OpenHealthKitExchange
import OpenHealthKitModel

/// Reading the files of a Health export's `electrocardiograms` folder: Apple's layout in English and in German, and
/// what is refused.
@Suite struct ElectrocardiogramFileTests {
    static let english = """
        Name,Test Person
        Date of Birth,"Feb 5, 1952"
        Recorded Date,2020-02-05 09:14:40 -0400
        Classification,Heart Rate Over 150
        Symptoms,"Rapid, pounding, or fluttering heartbeat, Lightheadedness or dizziness, Other"
        Software Version,1.51
        Device,"Watch5,4"
        Sample Rate,512.844 hertz


        Lead,Lead I
        Unit,µV


        -48.673
        -59.681
        12
        """

    @Test func anEnglishFileGivesItsDateClassificationSymptomsDeviceAndVoltages() throws {
        let file = try ElectrocardiogramFile.parse(Self.english)
        #expect(file.recordedDate.seconds == 1_580_908_480 && file.recordedDate.utcOffset == -14_400)
        #expect(file.classification == .inconclusiveHighHeartRate)
        #expect(file.symptomsStatus == .present)
        #expect(file.symptoms == [.rapidPoundingOrFlutteringHeartbeat, .dizziness])
        #expect(file.softwareVersion == "1.51" && file.device == "Watch5,4")
        #expect(file.samplingFrequency == 512.844 && file.lead == .appleWatchSimilarToLeadI)
        #expect(file.microvolts == [-48.673, -59.681, 12])
    }

    @Test func aGermanFileWithDecimalCommasReadsTheSame() throws {
        let text = """
            Name,Test Person
            Geburtstag,15.01.1990
            Aufzeichnungsdatum,2022-11-01 21:05:00 +0100
            Klassifizierung,Sinusrhythmus
            Symptome,
            Softwareversion,2.0
            Gerät,"Watch6,2"
            Messrate,511,422\u{00A0}Hertz

            Ableitung,Ableitung I
            Einheit,µV

            -265,868
            -199,83
            7
            """
        let file = try ElectrocardiogramFile.parse(text)
        #expect(file.classification == .sinusRhythm && file.symptomsStatus == .notSet && file.symptoms.isEmpty)
        #expect(file.samplingFrequency == 511.422 && file.device == "Watch6,2" && file.softwareVersion == "2.0")
        #expect(file.microvolts == [-265.868, -199.83, 7])
    }

    @Test func linesOfAnUnknownLanguageArePlacedByTheirPosition() throws {
        let text = """
            Nom,Test
            Date de naissance,5 févr. 1952
            Date d'enregistrement,2021-06-01 08:00:00 +0200
            Classification,Rythme sinusal
            Symptômes,Aucun
            Version du logiciel,1.90
            Appareil,"Watch6,1"
            Fréquence d'échantillonnage,512 hertz
            Dérivation,Dérivation I
            Unité,mV
            0,125
            -0,5
            """
        let file = try ElectrocardiogramFile.parse(text)
        #expect(file.recordedDate.seconds == 1_622_527_200)
        // A verdict in a language the reader does not know is recorded as unrecognized, not guessed.
        #expect(file.classification == .unrecognized && file.symptomsStatus == .present)
        #expect(file.samplingFrequency == 512 && file.device == "Watch6,1")
        #expect(file.microvolts == [125, -500])
    }

    @Test(arguments: [
        ("Classification,Sinus Rhythm\nSample Rate,512 hertz\nUnit,µV\n1\n2", "no recorded date"),
        ("Recorded Date,2020-02-05 09:14:40 -0400\nUnit,µV\n1", "no sample rate"),
        ("Recorded Date,2020-02-05 09:14:40 -0400\nSample Rate,512 hertz\nUnit,volts\n1", "no known unit"),
        ("Recorded Date,2020-02-05 09:14:40 -0400\nSample Rate,512 hertz\nUnit,µV\n", "holds no voltage"),
        (
            "Recorded Date,2020-02-05 09:14:40 -0400\nSample Rate,512 hertz\nUnit,µV\n1\nnoise\n2",
            "line 5 is not a voltage"
        ),
        ("Recorded Date,2020-02-05 09:14:40\nSample Rate,512 hertz\nUnit,µV\n1", "no recorded date"),
    ])
    func whatIsNotAnElectrocardiogramIsRefusedWithItsReason(_ text: String, _ reason: String) {
        #expect(throws: ElectrocardiogramFile.Failure.self) { _ = try ElectrocardiogramFile.parse(text) }
        do {
            _ = try ElectrocardiogramFile.parse(text)
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func aFileWithMoreVoltagesThanAnyRecordingIsRefused() {
        let header = "Recorded Date,2020-02-05 09:14:40 -0400\nSample Rate,512 hertz\nUnit,µV\n"
        let text = header + String(repeating: "1\n", count: ElectrocardiogramFile.maximumVoltages + 1)
        do {
            _ = try ElectrocardiogramFile.parse(text)
            Issue.record("a file of \(ElectrocardiogramFile.maximumVoltages + 1) voltages was read")
        } catch {
            #expect(error.reason.contains("more than 1000000 voltages"), "\(error.reason)")
        }
    }

    @Test func classificationsAndSymptomsAreWrittenAsTheyAreRead() {
        for classification in [
            HKElectrocardiogram.Classification.notSet, .sinusRhythm, .atrialFibrillation, .inconclusiveLowHeartRate,
            .inconclusiveHighHeartRate, .inconclusivePoorReading, .inconclusiveOther, .unrecognized,
        ] {
            #expect(
                ElectrocardiogramTexts.classification(ElectrocardiogramTexts.text(classification)) == classification)
        }
        let text = ElectrocardiogramTexts.text(
            .present,
            symptoms: [HKCategoryTypeIdentifier.fatigue.rawValue, HKCategoryTypeIdentifier.skippedHeartbeat.rawValue])
        #expect(text == "Skipped heartbeat, Fatigue")
        let read = ElectrocardiogramTexts.symptoms(text)
        #expect(read.0 == .present && read.1 == [.skippedHeartbeat, .fatigue])
        #expect(ElectrocardiogramTexts.symptoms(ElectrocardiogramTexts.text(.none, symptoms: [])).0 == .none)
        #expect(ElectrocardiogramTexts.symptoms(ElectrocardiogramTexts.text(.notSet, symptoms: [])).0 == .notSet)
    }
}
