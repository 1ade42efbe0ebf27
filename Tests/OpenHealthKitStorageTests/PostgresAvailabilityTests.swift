import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting

/// A PostgreSQL storage whose server is down or unreachable says so (``StorageUnavailableError``, "try again"), and
/// works again by itself once the server is back: no new storage, no restart of its process.
@Suite struct PostgresAvailabilityTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    static func row() -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: steps, startDate: 0, endDate: 60, value: 1,
            source: SourceRow(bundleIdentifier: "com.example.app", name: "App"), revision: RevisionRow())
    }

    @Test func aStorageMadeWhileTheServerIsDownFailsAsUnavailableUntilItIsUp() async throws {
        let server = try await PostgreSQLServer.start()
        defer { Task { await server.remove() } }
        let address = try PostgreSQLAddress(url: try await server.createDatabase(), password: server.password)
        try await server.kill()
        #expect(throws: StorageUnavailableError.self) { try PostgresStorage(address: address) }
        let waiting = try PostgresStorage(address: address, connectNow: false)
        #expect(throws: StorageUnavailableError.self) { try waiting.currentAnchor() }

        try await server.restart()
        #expect(try waiting.currentAnchor() == 0)
        _ = try waiting.insert([Self.row()])
        #expect(try waiting.currentAnchor() == 1)
    }

    @Test func aStorageWhoseServerRestartsRecoversByItself() async throws {
        let server = try await PostgreSQLServer.start()
        defer { Task { await server.remove() } }
        let storage = try PostgresStorage(
            address: try PostgreSQLAddress(url: try await server.createDatabase(), password: server.password))
        _ = try storage.insert([Self.row()])

        try await server.kill()
        #expect(throws: StorageUnavailableError.self) { try storage.insert([Self.row()]) }
        try await server.restart()
        _ = try storage.insert([Self.row()])
        #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).count == 2)
    }

    @Test func aWrongPasswordIsUnavailableAndNamesTheCauseWithoutThePassword() async throws {
        let server = try await PostgreSQLServer.shared()
        let address = try PostgreSQLAddress(url: try await server.createDatabase(), password: "not-the-password")
        do {
            _ = try PostgresStorage(address: address)
            Issue.record("a wrong password was accepted")
        } catch let error as StorageUnavailableError {
            #expect(error.reason.contains("28P01"))
            #expect(!String(describing: error).contains("not-the-password"))
        }
    }
}
