import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// Importing the same export twice, or a newer export that holds an older one, adds only what is new.
@Suite struct IdempotenceTests {
    /// Row counts of every table an import writes.
    private func tableCounts(_ harness: ImportHarness) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in [
            "sample", "workout", "route_location", "heartbeat", "audiogram_point", "workout_statistics",
            "workout_activity",
            "activity_summary", "clinical_record_sample", "cda_document", "vision_prescription", "vision_lens",
            "unrecognized_record", "source", "device", "deleted_object",
        ] {
            counts[table] = try harness.count("SELECT count(*) FROM \(table)")
        }
        return counts
    }

    @Test func importingTheSameExportTwiceAddsNothing() throws {
        let harness = try ImportHarness()
        let first = try harness.importing(fixture: "Synthetic/everything")
        let before = try tableCounts(harness)
        let anchor = try harness.storage.currentAnchor()
        let second = try harness.importing(fixture: "Synthetic/everything")
        #expect(try tableCounts(harness) == before)
        #expect(try harness.storage.currentAnchor() == anchor)
        #expect(second.totalAdded == 0)
        #expect(second.isBalanced)
        #expect(second.totalRead == first.totalRead)
        for (type, counts) in second.records {
            #expect(counts.alreadyStored == counts.read - counts.skipped, "\(type)")
        }
        #expect(second.workouts.alreadyStored == 2)
        #expect(second.activitySummaries.alreadyStored == 2)
        #expect(second.routeLocationsAdded == 0)
        #expect(second.heartbeatsAdded == 0)
    }

    @Test func theZipAndTheFolderOfOneExportAreTheSameImport() throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: "alxdrcirilo-apple-health-parser/export.xml")
        let again = try harness.importing(fixture: "alxdrcirilo-apple-health-parser/export.zip")
        #expect(again.totalAdded == 0)
        #expect(again.totalRead == 8)
    }

    /// A later export lists the older records again, written in another time zone, with devices at other addresses,
    /// and today's activity summary completed.
    @Test func aNewerExportAddsOnlyWhatIsNew() async throws {
        let folder = try TemporaryFolder()
        let device =
            #"device="&lt;&lt;HKDevice: 0x%@&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2&gt;""#
        func heartRate(_ start: String, _ value: Int, address: String) -> String {
            #"<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" sourceVersion="10.2" \#(String(format: device, address)) unit="count/min" startDate="\#(start)" endDate="\#(start)" value="\#(value)"/>"#
        }
        let older = try folder.write(
            "older/export.xml",
            """
            <HealthData locale="en_NL">
             <ExportDate value="2024-01-01 12:00:00 +0100"/>
             \(heartRate("2024-01-01 08:00:00 +0100", 60, address: "3012772a0"))
             \(heartRate("2024-01-01 09:00:00 +0100", 70, address: "3012772b0"))
             <ActivitySummary dateComponents="2024-01-01" activeEnergyBurned="100" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal"/>
            </HealthData>
            """)
        let newer = try folder.write(
            "newer/export.xml",
            """
            <HealthData locale="en_US">
             <ExportDate value="2024-01-02 03:00:00 -0800"/>
             \(heartRate("2023-12-31 23:00:00 -0800", 60, address: "600001a2c000"))
             \(heartRate("2024-01-01 00:00:00 -0800", 70, address: "600001a2c010"))
             \(heartRate("2024-01-01 10:00:00 -0800", 80, address: "600001a2c020"))
             <ActivitySummary dateComponents="2024-01-01" activeEnergyBurned="650" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal"/>
             <ActivitySummary dateComponents="2024-01-02" activeEnergyBurned="20" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal"/>
            </HealthData>
            """)
        let harness = try ImportHarness()
        try harness.importing(older)
        let summary = try harness.importing(newer)
        #expect(summary.records["HKQuantityTypeIdentifierHeartRate"] == .init(read: 3, added: 1, alreadyStored: 2))
        #expect(try await harness.quantities(.heartRate).count == 3)
        #expect(try harness.count("SELECT count(*) FROM device") == 1)
        #expect(summary.activitySummaries == .init(read: 2, added: 2))
        #expect(
            try harness.rows("SELECT active_energy_burned FROM activity_summary ORDER BY date").map { $0[0] as Double }
                == [650, 20])

        // The older export again: its incomplete day does not replace the completed one.
        let older2 = try harness.importing(older)
        #expect(older2.totalAdded == 0)
        #expect(
            try harness.rows("SELECT active_energy_burned FROM activity_summary ORDER BY date").map { $0[0] as Double }
                == [650, 20])
    }

    @Test func aSampleDeletedByItsSyncVersionGivesWayToTheNewerOne() async throws {
        let folder = try TemporaryFolder()
        func export(_ version: Int, _ value: Int) throws -> URL {
            try folder.write(
                "v\(version)/export.xml",
                """
                <HealthData locale="en_US">
                 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-01-01 08:00:00 +0000" endDate="2024-01-01 08:00:00 +0000" value="\(value)">
                  <MetadataEntry key="HKMetadataKeySyncIdentifier" value="weigh-in-1"/>
                  <MetadataEntry key="HKMetadataKeySyncVersion" value="\(version)"/>
                 </Record>
                </HealthData>
                """)
        }
        let harness = try ImportHarness()
        try harness.importing(try export(1, 70))
        let newer = try harness.importing(try export(2, 71))
        #expect(newer.added("HKQuantityTypeIdentifierBodyMass") == 1)
        #expect(
            try await harness.quantities(.bodyMass).map { $0.quantity.doubleValue(for: .gramUnit(with: .kilo)) } == [71]
        )
        #expect(try harness.count("SELECT count(*) FROM deleted_object") == 1)
        let older = try harness.importing(try export(1, 70))
        #expect(older.records["HKQuantityTypeIdentifierBodyMass"] == .init(read: 1, alreadyStored: 1))
        #expect(try await harness.quantities(.bodyMass).count == 1)
    }
}
