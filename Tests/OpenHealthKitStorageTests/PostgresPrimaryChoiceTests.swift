import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting

/// A PostgreSQL storage given several servers (libpq's multi-host URL) writes to the first that takes writes, and
/// looks again when that one stops taking them: a refused write answers "not now" (``StorageUnavailableError``), and
/// the next goes to the new primary. The servers here are independent throwaway servers with a database of the same
/// name, each made read-only or not by hand, as a failover tool makes its nodes.
@Suite struct PostgresPrimaryChoiceTests {
    /// The role both servers of a ``pair()`` know, with the same password.
    static let role = "ohk_writer"
    static let rolePassword = UUID().uuidString

    /// Two servers with a database named alike and a role of the same name and password, the schema made on each.
    static func pair() async throws -> (first: PostgreSQLServer, second: PostgreSQLServer, name: String) {
        let first = try await PostgreSQLServer.start()
        let second = try await PostgreSQLServer.start()
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        for server in [first, second] {
            try await server.sql(
                "CREATE ROLE \(role) LOGIN SUPERUSER PASSWORD '\(rolePassword)'", database: "postgres")
            try await server.sql("CREATE DATABASE \(name)", database: "postgres")
            _ = try PostgresStorage(address: try address([server], name))
        }
        return (first, second, name)
    }

    /// The servers' database `name` as `user`.
    static func address(_ servers: [PostgreSQLServer], _ name: String, user: String = role) throws
        -> PostgreSQLAddress
    {
        try PostgreSQLAddress(
            url: "postgresql://\(user)@\(servers.map { "127.0.0.1:\($0.port)" }.joined(separator: ","))/\(name)",
            password: user == role ? rolePassword : try PostgreSQLServer.sharedNow().password)
    }

    static func count(_ server: PostgreSQLServer, _ name: String) async throws -> String {
        try await server.sql("SELECT count(*) FROM sample", database: name).trimmingCharacters(in: .newlines)
    }

    @Test func aListWhoseFirstServerIsDownWritesToTheNext() async throws {
        let down = try await PostgreSQLServer.start()
        await down.remove()
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let name = String(url.split(separator: "/").last ?? "")
        let storage = try PostgresStorage(address: try Self.address([down, server], name, user: server.user))
        _ = try storage.insert([PostgresAvailabilityTests.row()])
        #expect(try await Self.count(server, name) == "1")
    }

    @Test func aServerThatTakesNoWritesIsPassedOver() async throws {
        let (first, second, name) = try await Self.pair()
        defer {
            Task {
                await first.remove()
                await second.remove()
            }
        }
        try await first.sql("ALTER DATABASE \(name) SET default_transaction_read_only = on", database: "postgres")
        let storage = try PostgresStorage(address: try Self.address([first, second], name))
        _ = try storage.insert([PostgresAvailabilityTests.row()])
        #expect(try await Self.count(second, name) == "1")
        #expect(try await Self.count(first, name) == "0")
    }

    @Test func aWriteRefusedAsReadOnlyIsUnavailableAndTheNextGoesToTheNewPrimary() async throws {
        let (first, second, name) = try await Self.pair()
        defer {
            Task {
                await first.remove()
                await second.remove()
            }
        }
        let storage = try PostgresStorage(address: try Self.address([first, second], name))
        _ = try storage.insert([PostgresAvailabilityTests.row()])
        #expect(try await Self.count(first, name) == "1")

        // As pg_auto_failover makes a primary it demotes read-only: the configuration, reloaded by open sessions.
        try await first.sql("ALTER SYSTEM SET default_transaction_read_only = on", database: "postgres")
        try await first.sql("SELECT pg_reload_conf()", database: "postgres")
        var acknowledgedOnFirst = 1
        try await waitUntil("the first server to refuse a write") {
            do {
                _ = try storage.insert([PostgresAvailabilityTests.row()])
                acknowledgedOnFirst += 1
                return false
            } catch is StorageUnavailableError {
                return true
            }
        }
        _ = try storage.insert([PostgresAvailabilityTests.row()])
        #expect(try await Self.count(second, name) == "1")
        #expect(try await Self.count(first, name) == "\(acknowledgedOnFirst)")
    }
}
