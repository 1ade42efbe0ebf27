import Foundation
import Testing
@testable import OpenHealthKitExchange
import OpenHealthKitEngine
import OpenHealthKitModel

/// An export's electrocardiograms become HKElectrocardiograms with their voltages and their associated symptoms, once
/// whatever the number of imports; a file that cannot be read is a skipped record naming it.
@Suite struct ElectrocardiogramImportTests {
    @Test func theExportsElectrocardiogramsAreImportedWithVoltagesAndSymptoms() async throws {
        let harness = try ImportHarness()
        let summary = try harness.importing(fixture: "Synthetic/everything")
        #expect(summary.isBalanced)
        #expect(summary.records["HKDataTypeIdentifierElectrocardiogram"]?.added == 2)
        #expect(summary.sources["ECG"]?.hasPrefix("org.openhealthkit.export.ecg-") == true)
        let ecgs = try await harness.samples(HKObjectType.electrocardiogramType()).compactMap {
            $0 as? HKElectrocardiogram
        }
        #expect(ecgs.map(\.classification) == [.sinusRhythm, .atrialFibrillation])
        #expect(ecgs.map(\.symptomsStatus) == [.present, .notSet])
        #expect(ecgs.map(\.numberOfVoltageMeasurements) == [64, 48])
        #expect(ecgs[1].samplingFrequency?.doubleValue(for: .hertz()) == 511.422)
        #expect(abs(ecgs[0].endDate.timeIntervalSince(ecgs[0].startDate) - 64 / 512.844) < 1e-6)
        #expect(ecgs.allSatisfy { $0.sourceRevision.source.name == "ECG" && $0.device?.hardwareVersion == "Watch6,2" })

        let voltages = try #require(
            try await harness.engine.voltages(ofElectrocardiogram: ecgs[1].uuid, as: ImportHarness.owner))
        #expect(voltages.leads[.appleWatchSimilarToLeadI]?.prefix(2) == [-150, -112.875])

        for (type, count) in [(HKCategoryTypeIdentifier.skippedHeartbeat, 1), (.fatigue, 1), (.dizziness, 0)] {
            let associated = try await harness.engine.samples(
                of: HKCategoryType(type),
                predicate: .leaf(.associatedWithElectrocardiogram(ecgs[0].uuid)), as: ImportHarness.owner)
            #expect(associated.count == count, "\(type.rawValue)")
        }

        let again = try harness.importing(fixture: "Synthetic/everything")
        #expect(again.records["HKDataTypeIdentifierElectrocardiogram"]?.alreadyStored == 2)
        await #expect(try harness.samples(HKObjectType.electrocardiogramType()).count == 2)
    }

    @Test func anUnreadableFileIsASkippedRecordNamingIt() async throws {
        let folder = try TemporaryFolder()
        let export = folder.url.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(
            at: export.appendingPathComponent("electrocardiograms"), withIntermediateDirectories: true)
        try Data(
            #"<?xml version="1.0"?><HealthData locale="en_US"><ExportDate value="2024-01-01 00:00:00 +0000"/></HealthData>"#
                .utf8
        )
        .write(to: export.appendingPathComponent("export.xml"))
        try Data("Name,Someone\nClassification,Sinus Rhythm\n".utf8)
            .write(to: export.appendingPathComponent("electrocardiograms/ecg_2024-01-01.csv"))
        let harness = try ImportHarness()
        let summary = try harness.importing(folder.url)
        #expect(summary.isBalanced && summary.skippedTotal == 1)
        #expect(summary.skipped.first?.element == "electrocardiograms/ecg_2024-01-01.csv")
        #expect(summary.skipped.first?.reason.contains("no recorded date") == true)
        #expect(try await harness.samples(HKObjectType.electrocardiogramType()).isEmpty)
    }

    @Test func theExportsAudiogramTestsAreReadWithTheirMaskingAndClamping() async throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: "Synthetic/everything")
        let audiogram = try #require(
            try await harness.samples(HKObjectType.audiogramSampleType()).first as? HKAudiogramSample)
        let last = try #require(audiogram.sensitivityPoints.last)
        #expect(last.hertz == 4000)
        let left = try #require(last.tests.first { $0.side == .left })
        let right = try #require(last.tests.first { $0.side == .right })
        #expect(left.masked && left.decibels == 35 && left.clampingRange == nil)
        #expect(
            !right.masked
                && right.clampingRange?.upperBound == HKQuantity(unit: .decibelHearingLevel(), doubleValue: 90))
        #expect(audiogram.sensitivityPoints[1].tests.allSatisfy { !$0.masked })
    }
}
