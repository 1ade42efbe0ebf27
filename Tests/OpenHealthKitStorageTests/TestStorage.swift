import Foundation
import GRDB
import OpenHealthKitEngine
import OpenHealthKitPostgres
@testable import OpenHealthKitSQLite
import OpenHealthKitTesting
import Testing

/// The storages behind the seam: every suite here runs on each, and each must behave the same (as GRDB runs its
/// tests on every kind of database).
enum TestStorage: String, CaseIterable, CustomStringConvertible, Sendable {
    /// An in-memory SQLite database (a file for the suites that need two connections).
    case sqlite
    /// A fresh database on the test process's PostgreSQL server.
    case postgreSQL

    var description: String { rawValue }

    /// A fresh, empty storage.
    func make() async throws -> any HealthStorage {
        switch self {
        case .sqlite: return try SQLiteStorage()
        case .postgreSQL: return try PostgresStorage(address: try await Self.newDatabase(migrated: true))
        }
    }

    /// A fresh, empty storage and an engine on it.
    func makeWithEngine() async throws -> (storage: any HealthStorage, engine: HealthEngine) {
        let storage = try await make()
        return (storage, HealthEngine(storage: storage))
    }

    /// Two storages on one fresh database, as two processes have: what one commits, the other sees. The second keeps
    /// statistics aggregates unless told otherwise (``StatisticsAggregatesSetting``).
    func pair(secondKeepsAggregates: Bool = true) async throws -> (any HealthStorage, any HealthStorage) {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ohk-\(UUID().uuidString)/health.sqlite"
            ).path
            return (
                try SQLiteStorage(path: path),
                try SQLiteStorage(path: path, keepsStatisticsAggregates: secondKeepsAggregates)
            )
        case .postgreSQL:
            let address = try await Self.newDatabase(migrated: true)
            return (
                try PostgresStorage(address: address),
                try PostgresStorage(address: address, keepsStatisticsAggregates: secondKeepsAggregates)
            )
        }
    }

    /// How many rows a table of `storage` (made by this kind) holds, read beside the storage: what the seam never
    /// shows (where bulk points live, what a deletion left behind).
    func count(_ table: String, in storage: any HealthStorage) async throws -> Int {
        switch self {
        case .sqlite:
            let sqlite = try #require(storage as? SQLiteStorage)
            return try await sqlite.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1
            }
        case .postgreSQL:
            let postgres = try #require(storage as? PostgresStorage)
            let server = try await PostgreSQLServer.shared()
            let text = try await server.sql("SELECT count(*) FROM \(table)", database: postgres.address.database)
            return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
    }

    /// A new database on the shared server: empty (for the suites of migrations), or `migrated` to the current
    /// schema.
    static func newDatabase(migrated: Bool = false) async throws -> PostgreSQLAddress {
        let server = try await PostgreSQLServer.shared()
        let url = migrated ? try await server.createMigratedDatabase() : try await server.createDatabase()
        return try PostgreSQLAddress(url: url, password: server.password)
    }
}
