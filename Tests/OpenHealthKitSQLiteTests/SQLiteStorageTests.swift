import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// What only the SQLite storage has: a file on disk, and a private in-memory database. (What every storage does is
/// tested on each in OpenHealthKitStorageTests.)
@Suite struct SQLiteStorageTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    @Test func theFileIsPrivateAndSurvivesReopening() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("health.sqlite").path
        let row = SampleRow(
            uuid: UUID(), typeIdentifier: Self.steps, startDate: 0, endDate: 60, value: 42,
            source: SourceRow(bundleIdentifier: "com.example.phone", name: "Phone"), revision: RevisionRow(version: "1")
        )
        do {
            let storage = try SQLiteStorage(path: path)
            _ = try storage.insert([row])
        }
        let reopened = try SQLiteStorage(path: path)
        #expect(try reopened.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [row.uuid])
        #expect(try reopened.integrityCheck() == "ok")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(file).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(file)")
        }
    }

    @Test func aStoreInMemoryHasNothingToWatch() throws {
        #expect(try SQLiteStorage().startWatchingOtherCommits() == false)
    }
}
