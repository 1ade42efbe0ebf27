import Foundation
import Testing
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// Skipped records are grouped by element, type and reason, with how many and the lines of the first few.
@Suite struct SkippedGroupTests {
    @Test func recordsSkippedForOneReasonAreOneGroupWithTheirCountAndFirstLines() throws {
        let folder = try TemporaryFolder()
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<HealthData locale=\"en_US\">"]
        for hour in 10..<18 {
            lines.append(
                "<Record type=\"HKQuantityTypeIdentifierBodyMass\" sourceName=\"Scale\" unit=\"kg\" value=\"-1\" "
                    + "startDate=\"2024-03-12 \(hour):00:00 +0100\" endDate=\"2024-03-12 \(hour):00:00 +0100\"/>")
        }
        lines.append(
            "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" value=\"abc\" "
                + "startDate=\"2024-03-12 10:00:00 +0100\" endDate=\"2024-03-12 10:05:00 +0100\"/>")
        lines.append("</HealthData>")
        let summary = try ImportHarness().importing(
            try folder.write("export.xml", lines.joined(separator: "\n")))
        #expect(summary.skippedTotal == 9)
        #expect(summary.skippedGroups.count == 2)
        let bodyMass = try #require(summary.skippedGroups.first)
        #expect(bodyMass.type == HKQuantityTypeIdentifier.bodyMass.rawValue && bodyMass.element == "Record")
        #expect(bodyMass.count == 8)
        #expect(bodyMass.lines == [3, 4, 5, 6, 7])
        let steps = try #require(summary.skippedGroups.last)
        #expect(steps.count == 1 && steps.lines == [11])
        #expect(steps.reason == "value \"abc\" is not a number")
    }

    @Test func committedBatchesAreReportedAsTheyAreStored() throws {
        let harness = try ImportHarness()
        let importer = HealthExportImporter(engine: harness.engine)
        importer.batchSize = 4
        let commits = Locked<[Int]>([])
        importer.onCommit = { added, _ in commits.withLock { $0.append(added) } }
        var reported: [Int] = []
        let summary = try importer.import(from: Fixtures.url("Synthetic/not-applicable.zip")) {
            reported.append($0.added)
        }
        let added = commits.withLock { $0 }
        #expect(added.count > 1)
        #expect(added == added.sorted())
        #expect(added.last == summary.totalAdded)
        #expect(reported.last == summary.totalAdded)
    }
}
