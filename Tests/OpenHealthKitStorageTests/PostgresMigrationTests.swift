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
        #expect(
            try await Self.migrations(server, address) == [
                "v1: samples, tombstones, settings", "v2: registered apps, background delivery, audit log",
                "v3: Health export records", "v4: pending permission requests",
            ])
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
        #expect(try await Self.migrations(server, address).count == 4)
    }

    static func migrations(_ server: PostgreSQLServer, _ address: PostgreSQLAddress) async throws -> [String] {
        try await server.sql("SELECT name FROM schema_migration ORDER BY applied_at, name", database: address.database)
            .split(separator: "\n").map(String.init)
    }
}
