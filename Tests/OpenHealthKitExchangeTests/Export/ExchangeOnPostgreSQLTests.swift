import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// Import and export on PostgreSQL behave as on SQLite: the same export, imported into each, exports the same
/// files; a round trip through PostgreSQL gives the same store; importing twice adds nothing.
@Suite struct ExchangeOnPostgreSQLTests {
    /// An engine on a fresh database of the test process's PostgreSQL server.
    static func postgreSQL() async throws -> HealthEngine {
        let server = try await PostgreSQLServer.shared()
        let address = try PostgreSQLAddress(url: try await server.createDatabase(), password: server.password)
        return HealthEngine(storage: try PostgresStorage(address: address))
    }

    /// Every file the export of `engine` in `format` writes, by name (the Apple XML without its export date).
    static func exported(_ engine: HealthEngine, _ format: ExportFormat, name: String) throws -> [String: String] {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent(name)
        _ = try HealthExporter(engine: engine).export(
            ExportRequest(format: format, destination: url, timeZone: TimeZone(identifier: "Europe/Berlin")!))
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            files[String(file.path.dropFirst(url.path.count))] =
                text.split(separator: "\n").filter { !$0.contains("<ExportDate ") }.joined(separator: "\n")
        }
        return files
    }

    @Test(arguments: RoundTripFixtures.all)
    func anExportImportedIntoPostgreSQLExportsWhatSQLiteExports(_ fixture: String) async throws {
        let sqlite = try ImportHarness()
        var expectedSummary = try sqlite.importing(fixture: fixture)
        let postgreSQL = try await Self.postgreSQL()
        var summary = try HealthExportImporter(engine: postgreSQL).import(from: Fixtures.url(fixture))
        expectedSummary.duration = 0
        summary.duration = 0
        #expect(summary == expectedSummary)
        for format in [ExportFormat.appleXML, .csv] {
            let expected = try Self.exported(sqlite.engine, format, name: "export")
            #expect(!expected.isEmpty)
            #expect(try Self.exported(postgreSQL, format, name: "export") == expected, "\(fixture), \(format)")
        }
    }

    @Test func aRoundTripThroughPostgreSQLGivesTheSameStore() async throws {
        let original = try ImportHarness()
        try original.importing(fixture: "Synthetic/everything")
        let postgreSQL = try await Self.postgreSQL()
        _ = try HealthExportImporter(engine: postgreSQL).import(from: Fixtures.url("Synthetic/everything"))
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("export")
        _ = try HealthExporter(engine: postgreSQL).export(
            ExportRequest(format: .appleXML, destination: url, timeZone: TimeZone(identifier: "Europe/Berlin")!))
        let copy = try ImportHarness()
        try copy.importing(url)
        let differences = try StoreSnapshot(original.storage).differences(from: try StoreSnapshot(copy.storage))
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test func importingTwiceIntoPostgreSQLAddsNothing() async throws {
        let engine = try await Self.postgreSQL()
        let first = try HealthExportImporter(engine: engine).import(from: Fixtures.url("Synthetic/everything"))
        let anchor = try await engine.storage.currentAnchor()
        let second = try HealthExportImporter(engine: engine).import(from: Fixtures.url("Synthetic/everything"))
        #expect(first.totalAdded > 0)
        #expect(second.totalAdded == 0)
        await #expect(try engine.storage.currentAnchor() == anchor)
    }
}
