import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// The sections beside metrics and workouts, on both storages: symptoms, cycle tracking, state of mind and
/// heart-rate notifications, ECGs and medications' doses become their HealthKit samples.
@Suite struct AutoExportSectionTests {
    static var push: Data {
        let data: [String: Any] = [
            "symptoms": [
                [
                    "start": "2026-03-05 09:00:00 +0100", "end": "2026-03-05 11:00:00 +0100", "name": "Headache",
                    "severity": "Moderate", "userEntered": true, "source": "Health",
                ],
                [
                    "start": "2026-03-05 09:00:00 +0100", "name": "Rapid, Pounding, or Fluttering Heartbeat",
                    "severity": "Mild",
                ],
            ],
            "cycleTracking": [
                [
                    "start": "2026-03-01 00:00:00 +0100", "end": "2026-03-02 00:00:00 +0100", "name": "Menstrual Flow",
                    "value": "Medium", "isCycleStart": true,
                ],
                ["start": "2026-03-12 08:00:00 +0100", "name": "Cervical Mucus Quality", "value": "Egg White"],
                ["start": "2026-03-13 08:00:00 +0100", "name": "Ovulation Test Result", "value": "LH Surge"],
            ],
            "stateOfMind": [
                [
                    "id": "x", "start": "2026-03-05 20:00:00 +0100", "end": "2026-03-05 20:00:00 +0100", "kind": "mood",
                    "labels": ["Calm", "Grateful"], "associations": ["Family", "Current Events"], "valence": 0.6,
                ]
            ],
            "heartRateNotifications": [
                [
                    "start": "2026-03-05 14:00:00 +0100", "end": "2026-03-05 14:10:00 +0100", "threshold": 120,
                    "heartRate": [["hr": 124, "units": "bpm"]],
                ],
                ["start": "2026-03-05 03:00:00 +0100", "end": "2026-03-05 03:30:00 +0100"],
            ],
            "medications": [
                [
                    "displayText": "Aspirin", "start": "2026-03-05 08:00:00 +0100", "status": "Taken", "form": "Tablet",
                    "scheduledDate": "2026-03-05 08:00:00 +0100", "dosage": 1,
                    "codings": [["system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "1191"]],
                ],
                ["displayText": "Aspirin", "start": "2026-03-06 08:00:00 +0100", "status": "Skipped"],
                ["displayText": "Aspirin", "start": "2026-03-07 08:00:00 +0100", "status": "Forgotten"],
            ],
            "ecg": [
                [
                    "start": "2026-03-05 10:00:00 +0100", "end": "2026-03-05 10:00:30 +0100",
                    "classification": "Sinus Rhythm", "averageHeartRate": 72, "samplingFrequency": 512,
                    "voltageMeasurements": (0..<15_360).map {
                        ["date": "2026-03-05 10:00:00.000 +0100", "voltage": Double($0 % 100) * 1e-5, "units": "V"]
                    },
                    "source": "Ann's Apple Watch",
                ]
            ],
        ]
        return try! JSONSerialization.data(withJSONObject: ["data": data])
    }

    func ingest(_ body: Data, into engine: HealthEngine) throws -> AutoExportResult {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("push.json")
        try body.write(to: file)
        return try AutoExportIngest(engine: engine).ingest(fileAt: file)
    }

    func categories(_ engine: HealthEngine, _ identifier: HKCategoryTypeIdentifier) async throws -> [HKCategorySample] {
        try await engine.samples(of: HKCategoryType(identifier), predicate: nil, as: ImportHarness.owner)
            .compactMap { $0 as? HKCategorySample }
    }

    @Test(arguments: AutoExportIngestTests.Kind.allCases)
    func eachSectionBecomesItsSamples(_ kind: AutoExportIngestTests.Kind) async throws {
        let engine = try await kind.engine()
        let result = try ingest(Self.push, into: engine)
        #expect(result.stored == 11, "\(result.items.flatMap(\.problems))")
        #expect(result.refused == 1)
        #expect(result.items.first { $0.section == "medications" }?.problems.map(\.index) == [2])

        let headache = try await #require(try categories(engine, .headache).first)
        #expect(headache.value == HKCategoryValueSeverity.moderate.rawValue)
        #expect(headache.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true)
        await #expect(
            try categories(engine, .rapidPoundingOrFlutteringHeartbeat).first?.value
                == HKCategoryValueSeverity.mild.rawValue)
        let flow = try await #require(try categories(engine, .menstrualFlow).first)
        #expect(flow.value == HKCategoryValueMenstrualFlow.medium.rawValue)
        #expect(flow.metadata?[HKMetadataKeyMenstrualCycleStart] as? Bool == true)
        await #expect(
            try categories(engine, .cervicalMucusQuality).first?.value
                == HKCategoryValueCervicalMucusQuality.eggWhite.rawValue)
        await #expect(
            try categories(engine, .ovulationTestResult).first?.value
                == HKCategoryValueOvulationTestResult.luteinizingHormoneSurge.rawValue)
        let mood = try await #require(
            try engine.samples(of: HKObjectType.stateOfMindType(), predicate: nil, as: ImportHarness.owner).first
                as? HKStateOfMind)
        #expect(mood.kind == .dailyMood && mood.valence == 0.6)
        #expect(mood.labels == [.calm, .grateful] && mood.associations == [.family, .currentEvents])
        await #expect(try categories(engine, .highHeartRateEvent).count == 1)
        await #expect(try categories(engine, .irregularHeartRhythmEvent).count == 1)
        let ecg = try await #require(
            try engine.samples(of: HKObjectType.electrocardiogramType(), predicate: nil, as: ImportHarness.owner).first
                as? HKElectrocardiogram)
        #expect(ecg.classification == .sinusRhythm && ecg.numberOfVoltageMeasurements == 15_360)
        #expect(ecg.samplingFrequency?.doubleValue(for: .hertz()) == 512)
        #expect(ecg.averageHeartRate?.doubleValue(for: HKUnit(from: "count/min")) == 72)
        let voltages = try await engine.voltages(ofElectrocardiogram: ecg.uuid, as: ImportHarness.owner)
        #expect(voltages?.leads[.appleWatchSimilarToLeadI]?.prefix(3).map { $0.rounded() } == [0, 10, 20])

        // Aspirin by its RxNorm code, tracked from the first dose; the second names it by its name alone.
        let tracked = try await engine.medications(matching: nil, limit: 0, as: ImportHarness.owner)
        #expect(Set(tracked.map(\.medication.identifier.code)) == ["1191", "hae:aspirin"])
        #expect(tracked.first { $0.medication.identifier.code == "1191" }?.medication.generalForm == .tablet)
        let doses = try await engine.samples(
            of: HKObjectType.medicationDoseEventType(), predicate: nil, as: ImportHarness.owner
        ).compactMap { $0 as? HKMedicationDoseEvent }
        #expect(doses.map(\.logStatus).sorted { $0.rawValue < $1.rawValue } == [.taken, .skipped])

        let again = try ingest(Self.push, into: engine)
        #expect(again.stored == 0 && again.alreadyStored == 11)
    }

    @Test func anUnknownNameOrValueIsRefusedAlone() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let data: [String: Any] = [
            "symptoms": [
                ["start": "2026-03-05 09:00:00 +0100", "name": "Itchy Elbow", "severity": "Mild"],
                ["start": "2026-03-05 09:00:00 +0100", "name": "Headache", "severity": "Unbearable"],
                ["start": "2026-03-05 09:00:00 +0100", "name": "Headache", "severity": "Severe"],
            ],
            "stateOfMind": [["start": "2026-03-05 20:00:00 +0100", "valence": 3, "labels": []]],
        ]
        let result = try ingest(try JSONSerialization.data(withJSONObject: ["data": data]), into: engine)
        #expect(result.stored == 1)
        #expect(result.items.first { $0.section == "symptoms" }?.problems.map(\.index) == [0, 1])
        #expect(result.items.first { $0.section == "stateOfMind" }?.problems.first?.reason.contains("valence") == true)
    }
}
