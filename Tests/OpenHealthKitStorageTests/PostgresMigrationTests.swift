import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting

/// The PostgreSQL schema is versioned as SQLite's: migrations recorded by name, applied once, in order, on first use.
@Suite struct PostgresMigrationTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    @Test func anOlderSchemaIsUpgradedWithItsDataKept() async throws {
        let address = try await TestStorage.newDatabase()
        let row = SampleRow(
            uuid: UUID(), typeIdentifier: Self.steps, startDate: 0, endDate: 60, value: 12,
            source: SourceRow(bundleIdentifier: "com.example.old", name: "Old"), revision: RevisionRow())
        do {
            let older = try PostgresStorage(
                address: address, connections: 1, connectNow: true, migrateUpTo: "v1: samples, tombstones, settings")
            _ = try older.insert([row])
        }
        let server = try await PostgreSQLServer.shared()
        #expect(try await Self.migrations(server, address) == ["v1: samples, tombstones, settings"])

        let upgraded = try PostgresStorage(address: address)
        // Every migration of the one list, those that do nothing on PostgreSQL too.
        #expect(Set(try await Self.migrations(server, address)) == Set(SchemaMigration.allCases.map(\.name)))
        #expect(try upgraded.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [row.uuid])
        var batch = ImportBatch()
        batch.activitySummaries = [ActivitySummaryRow(date: "2024-01-01")]
        _ = try upgraded.importBatch(batch)
        #expect(try upgraded.activitySummaries(firstDay: nil, lastDay: nil).map(\.date) == ["2024-01-01"])
    }

    @Test func aSchemaFromANewerVersionIsRefused() async throws {
        let address = try await TestStorage.newDatabase()
        _ = try PostgresStorage(address: address)
        let server = try await PostgreSQLServer.shared()
        try await server.sql(
            "INSERT INTO schema_migration VALUES ('v99: from the future', 0)", database: address.database)
        do {
            _ = try PostgresStorage(address: address)
            Issue.record("a newer schema was used")
        } catch {
            #expect(String(describing: error).contains("upgraded by a newer OpenHealthKit"))
        }
    }

    @Test func twoStoragesStartingTogetherMigrateOnce() async throws {
        let address = try await TestStorage.newDatabase()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        DispatchQueue(label: "migrate").async {
                            continuation.resume(with: Result { _ = try PostgresStorage(address: address) })
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let server = try await PostgreSQLServer.shared()
        #expect(try await Self.migrations(server, address).count == SchemaMigration.allCases.count)
    }

    @Test func theUpgradeToV7MakesV3ClinicalRecordsAndKeptPrescriptionsSamples() async throws {
        let address = try await TestStorage.newDatabase()
        _ = try PostgresStorage(
            address: address, connections: 1, connectNow: true, migrateUpTo: "v4: pending permission requests")
        let server = try await PostgreSQLServer.shared()
        let record = UUID(), readable = UUID(), broken = UUID()
        try await server.sql(
            """
            INSERT INTO clinical_record (user_id, uuid, type, identifier, source_name, source_url, fhir_version,
                received_date, resource_file_path, resource_type, resource)
            VALUES (1, '\(record)', 'HKClinicalTypeIdentifierLabResultRecord', 'obs-1', 'Charité Berlin', NULL, '4.0.1',
                1666260000, '/clinical-records/Observation-obs-1.json', 'Observation',
                '{"resourceType":"Observation","id":"obs-1","code":{"text":"Hemoglobin A1c"}}');
            INSERT INTO unrecognized_record (user_id, uuid, element, attributes, children) VALUES
                (1, '\(readable)', 'VisionPrescription',
                 '{"type":"HKVisionPrescriptionTypeGlasses","dateIssued":"2021-05-05 00:00:00 +0200"}',
                 '[{"element":"RightEye","attributes":{"sphere":"-1.25","sphereUnit":"D"}}]'),
                (1, '\(broken)', 'VisionPrescription', '{"type":"HKVisionPrescriptionTypeMonocle"}', NULL);
            """, database: address.database)

        let storage = try PostgresStorage(address: address)
        let records = try storage.fetch(RowQuery(typeIdentifiers: ["HKClinicalTypeIdentifierLabResultRecord"]))
        try #require(records.count == 1)
        #expect(records[0].uuid == record && records[0].startDate == 1_666_260_000 && records[0].anchor > 0)
        #expect(
            records[0].source
                == SourceRow(bundleIdentifier: "org.openhealthkit.export.records-charit-berlin", name: "Charité Berlin")
        )
        guard case .clinicalRecord(let clinical)? = records[0].detail else {
            Issue.record("no clinical record detail")
            return
        }
        #expect(clinical.displayName == "Hemoglobin A1c")
        #expect(clinical.resourceFilePath == "/clinical-records/Observation-obs-1.json")
        let prescriptions = try storage.fetch(RowQuery(typeIdentifiers: ["HKVisionPrescriptionTypeIdentifier"]))
        #expect(prescriptions.map(\.uuid) == [readable])
        guard case .visionPrescription(let prescription)? = prescriptions.first?.detail else {
            Issue.record("no prescription detail")
            return
        }
        #expect(prescription.lenses.map(\.sphere) == [-1.25])
        #expect(prescriptions.first?.startDate == 1_620_165_600)
        let left = try await server.sql(
            """
            SELECT (SELECT count(*) FROM unrecognized_record) || ' ' ||
                   (SELECT count(*) FROM information_schema.tables WHERE table_name = 'clinical_record')
            """, database: address.database)
        #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "1 0")
        #expect(try storage.currentAnchor() == 2)
    }

    static func migrations(_ server: PostgreSQLServer, _ address: PostgreSQLAddress) async throws -> [String] {
        try await server.sql("SELECT name FROM schema_migration ORDER BY applied_at, name", database: address.database)
            .split(separator: "\n").map(String.init)
    }
}
