import Foundation
import Testing
import OpenHealthKitTesting
@testable import OpenHealthKitExchange

/// The time zone the export's records name most is its zone, for Health to offer; names no time zone has are not.
@Suite struct ExportTimeZoneTests {
    private func summary(zones: [String]) throws -> ImportSummary {
        let records = zones.enumerated().map { index, zone in
            #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tester" unit="count" "#
                + #"startDate="2024-03-0\#(index + 1) 10:00:00 +0100" endDate="2024-03-0\#(index + 1) 11:00:00 +0100" "#
                + #"value="\#(index + 1)"><MetadataEntry key="HKTimeZone" value="\#(zone)"/></Record>"#
        }
        let folder = try TemporaryFolder()
        let document = folder.url.appendingPathComponent("export.xml")
        try Data(("<HealthData locale=\"fr_FR\">" + records.joined() + "</HealthData>").utf8).write(to: document)
        return try ImportHarness().importing(document)
    }

    @Test func theZoneMostRecordsNameIsTheExports() throws {
        let zones = [
            "Europe/Paris", "America/New_York", "Europe/Paris", "Mars/Olympus", "Mars/Olympus", "Mars/Olympus",
        ]
        #expect(try summary(zones: zones).timeZone == "Europe/Paris")
    }

    @Test func anExportWhoseRecordsNameNoZoneHasNone() throws {
        #expect(try summary(zones: ["Mars/Olympus"]).timeZone == nil)
    }
}
