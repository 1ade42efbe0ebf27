import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
@testable import OpenHealthKitSQLite

/// The read path resolves types, sources, revisions and devices from ids through the store's `LookupCache`: what
/// another connection (healthd and `hk` on one file) writes, and what a rolled-back write leaves, must never make a
/// read answer differently from reading the lookup rows themselves.
@Suite struct LookupCacheTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let app = SourceRow(bundleIdentifier: "com.example.app", name: "Example")

    static func row(
        _ value: Double, type: String = heartRate, source: SourceRow = app, revision: RevisionRow = RevisionRow(),
        device: DeviceRow? = nil
    ) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: type, startDate: value, endDate: value, value: value, source: source,
            revision: revision, device: device)
    }

    /// Two storages on one new file: two connections, as two processes have.
    private func twoStorages() throws -> (SQLiteStorage, SQLiteStorage) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-\(UUID().uuidString)/health.sqlite"
        ).path
        return (try SQLiteStorage(path: path), try SQLiteStorage(path: path))
    }

    private func all(_ storage: SQLiteStorage) throws -> [SampleRow] {
        try storage.fetch(RowQuery(typeIdentifiers: [], sort: [RowSort(.anchor)]))
    }

    @Test func aSourceRenamedByAnotherConnectionIsReadWithItsNewName() throws {
        let (reader, writer) = try twoStorages()
        _ = try reader.insert([Self.row(1)])
        #expect(try all(reader).map(\.source.name) == ["Example"])

        let renamed = SourceRow(bundleIdentifier: Self.app.bundleIdentifier, name: "Example Renamed")
        _ = try writer.insert([Self.row(2, source: renamed)])
        #expect(try all(reader).map(\.source.name) == ["Example Renamed", "Example Renamed"])
    }

    @Test func aTypeRevisionAndDeviceFirstStoredByAnotherConnectionAreReadBack() throws {
        let (reader, writer) = try twoStorages()
        _ = try reader.insert([Self.row(1)])
        _ = try all(reader)  // the reader's cache now knows the first type, revision and no device

        let revision = RevisionRow(version: "2.0", productType: "Watch7,1", operatingSystemVersion: "11.1.0")
        let device = DeviceRow(name: "Watch", manufacturer: "Example Inc.", model: "Watch")
        let written = Self.row(2, type: Self.steps, revision: revision, device: device)
        _ = try writer.insert([written])

        let read = try all(reader)
        #expect(read.map(\.typeIdentifier) == [Self.heartRate, Self.steps])
        #expect(
            read.last
                == {
                    var row = written
                    row.anchor = 2
                    return row
                }())
    }

    @Test func aRolledBackWriteLeavesNoCachedIdThatAnotherRowReuses() throws {
        let (storage, other) = try twoStorages()
        _ = try storage.insert([Self.row(1)])
        let doomed = Self.row(2, type: Self.steps, revision: RevisionRow(version: "doomed"))
        // A write that stores a new type and revision, reads them back on its own connection, then rolls back.
        struct RollBack: Error {}
        #expect(throws: RollBack.self) {
            try storage.writer.write { db in
                var notes = StatisticsNotes()
                _ = try SampleInserter(db, policy: .fail).insert([doomed], parents: [], notes: &notes)
                var seen: [SampleRow] = []
                try RowReader(db, lookups: storage.lookups).forEach(RowQuery(typeIdentifiers: [])) { seen.append($0) }
                #expect(seen.map(\.typeIdentifier) == [Self.heartRate, Self.steps])
                throw RollBack()
            }
        }
        // Another connection commits other rows, which SQLite gives the ids the rolled-back rows had.
        let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
        let kept = Self.row(0, type: sleep, revision: RevisionRow(version: "kept"))
        _ = try other.insert([kept])

        let read = try all(storage)
        #expect(read.map(\.typeIdentifier) == [Self.heartRate, sleep])
        #expect(read.map(\.revision.version) == ["", "kept"])
    }
}
