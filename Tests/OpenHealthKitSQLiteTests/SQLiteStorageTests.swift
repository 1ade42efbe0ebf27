import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// The SQLite storage on its own: rows, anchors, tombstones, sync versions, atomicity, the file on disk.
@Suite struct SQLiteStorageTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let phone = SourceRow(bundleIdentifier: "com.example.phone", name: "Phone")
    static let watch = SourceRow(bundleIdentifier: "com.example.watch", name: "Watch")

    static func row(
        _ value: Double, at start: Double, duration: Double = 60, source: SourceRow = phone, type: String = steps,
        sync: (String, Int64)? = nil
    ) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: type, startDate: start, endDate: start + duration, value: value,
            source: source, revision: RevisionRow(version: "1"), syncIdentifier: sync?.0, syncVersion: sync?.1)
    }

    @Test func insertGivesEachRowAnAnchorAndReadsItBack() throws {
        let storage = try SQLiteStorage()
        let rows = [Self.row(10, at: 0), Self.row(20, at: 100, source: Self.watch)]
        let change = try storage.insert(rows)
        #expect(change.anchor == 2)
        #expect(change.typeIdentifiers == [Self.steps])
        let read = try storage.fetch(RowQuery(typeIdentifiers: [Self.steps], sort: [RowSort(.startDate)]))
        #expect(read.map(\.uuid) == rows.map(\.uuid))
        #expect(read.map(\.anchor) == [1, 2])
        #expect(read[1].source == Self.watch)
    }

    @Test func aDuplicateUUIDFailsTheWholeBatch() throws {
        let storage = try SQLiteStorage()
        let first = Self.row(1, at: 0)
        _ = try storage.insert([first])
        var duplicate = Self.row(2, at: 10)
        duplicate.uuid = first.uuid
        #expect(throws: StorageError.self) { try storage.insert([Self.row(3, at: 5), duplicate]) }
        #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).count == 1)
        #expect(try storage.currentAnchor() == 1)
    }

    @Test func deleteLeavesTombstonesAfterTheAnchor() throws {
        let storage = try SQLiteStorage()
        let rows = [Self.row(1, at: 0), Self.row(2, at: 10)]
        _ = try storage.insert(rows)
        let change = try storage.delete(uuids: [rows[0].uuid])
        #expect(change.anchor == 3)
        let deleted = try storage.fetchDeleted(RowQuery(typeIdentifiers: [Self.steps], anchorAfter: 2))
        #expect(deleted.map(\.uuid) == [rows[0].uuid])
        #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [rows[1].uuid])
    }

    @Test func aNewerSyncVersionReplacesAndAnOlderOneIsIgnored() throws {
        let storage = try SQLiteStorage()
        let v2 = Self.row(2, at: 0, sync: ("reading-1", 2))
        _ = try storage.insert([v2])
        _ = try storage.insert([Self.row(1, at: 0, sync: ("reading-1", 1)), Self.row(9, at: 0, sync: ("reading-1", 2))])
        #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.value) == [2])
        let v3 = Self.row(3, at: 0, sync: ("reading-1", 3))
        _ = try storage.insert([v3])
        #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [v3.uuid])
        #expect(try storage.fetchDeleted(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [v2.uuid])
    }

    @Test func overlapFindsLongSamplesThatStartedBeforeTheRange() throws {
        let storage = try SQLiteStorage()
        let long = Self.row(100, at: 0, duration: 10_000)
        let inside = Self.row(1, at: 5_000, duration: 10)
        let before = Self.row(1, at: 0, duration: 10)
        _ = try storage.insert([long, inside, before])
        let query = RowQuery(
            typeIdentifiers: [Self.steps], condition: .dateRange(start: 4_000, end: 6_000, mode: .overlaps))
        #expect(Set(try storage.fetch(query).map(\.uuid)) == [long.uuid, inside.uuid])
        let strict = RowQuery(
            typeIdentifiers: [Self.steps], condition: .dateRange(start: 4_000, end: 6_000, mode: .strictStart))
        #expect(try storage.fetch(strict).map(\.uuid) == [inside.uuid])
    }

    @Test func overlapFollowsHealthKitsBoundaries() throws {
        // HealthKit: endDate >= start AND startDate < end.
        let storage = try SQLiteStorage()
        let instant = Self.row(1, at: 100, duration: 0)
        let endingAtStart = Self.row(1, at: 40, duration: 60)
        let startingAtEnd = Self.row(1, at: 200, duration: 0)
        let endingBefore = Self.row(1, at: 40, duration: 59)
        _ = try storage.insert([instant, endingAtStart, startingAtEnd, endingBefore])
        let query = RowQuery(
            typeIdentifiers: [Self.steps], condition: .dateRange(start: 100, end: 200, mode: .overlaps))
        #expect(Set(try storage.fetch(query).map(\.uuid)) == [instant.uuid, endingAtStart.uuid])
    }

    @Test func visibleSourcesNarrowEveryRead() throws {
        let storage = try SQLiteStorage()
        _ = try storage.insert([Self.row(1, at: 0), Self.row(2, at: 1, source: Self.watch)])
        let query = RowQuery(typeIdentifiers: [Self.steps], visibleSources: [Self.watch.bundleIdentifier])
        #expect(try storage.fetch(query).map(\.value) == [2])
        #expect(try storage.sources(query) == [Self.watch])
        #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps], visibleSources: [])).isEmpty)
    }

    @Test func metadataConditionsUseTheJSON() throws {
        let storage = try SQLiteStorage()
        var tagged = Self.row(1, at: 0)
        tagged.metadata = #"{"HKHeartRateSensorLocation":2,"note":"a \"quoted\" key"}"#
        _ = try storage.insert([tagged, Self.row(2, at: 1)])
        let exists = RowQuery(typeIdentifiers: [Self.steps], condition: .metadataKeyExists("HKHeartRateSensorLocation"))
        #expect(try storage.fetch(exists).map(\.uuid) == [tagged.uuid])
        let equal = RowQuery(
            typeIdentifiers: [Self.steps],
            condition: .metadata(key: "HKHeartRateSensorLocation", comparison: .equal, value: .number(2)))
        #expect(try storage.fetch(equal).map(\.uuid) == [tagged.uuid])
        let notEqual = RowQuery(
            typeIdentifiers: [Self.steps], condition: .not(.metadataKeyExists("HKHeartRateSensorLocation")))
        #expect(try storage.fetch(notEqual).count == 1)
    }

    @Test func theFileIsPrivateAndSurvivesReopening() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("health.sqlite").path
        let row = Self.row(42, at: 0)
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
}
