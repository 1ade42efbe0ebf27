import Foundation
import Testing
import OpenHealthKitEngine

/// A storage on its own, whichever it is: rows, anchors, tombstones, sync versions, atomicity, conditions.
@Suite struct StorageTests {
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

    @Test(arguments: TestStorage.allCases)
    func insertGivesEachRowAnAnchorAndReadsItBack(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let rows = [Self.row(10, at: 0), Self.row(20, at: 100, source: Self.watch)]
        let change = try await storage.insert(rows)
        #expect(change.anchor == 2)
        #expect(change.typeIdentifiers == [Self.steps])
        let read = try await storage.fetch(RowQuery(typeIdentifiers: [Self.steps], sort: [RowSort(.startDate)]))
        #expect(read.map(\.uuid) == rows.map(\.uuid))
        #expect(read.map(\.anchor) == [1, 2])
        #expect(read[1].source == Self.watch)
    }

    @Test(arguments: TestStorage.allCases)
    func everyFieldOfARowComesBackAsStored(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        var row = Self.row(72.5, at: 1_700_000_000.125, duration: 0.5, sync: ("reading", 3))
        row.revision = RevisionRow(version: "2.1", productType: "iPhone15,2", operatingSystemVersion: "17.1.0")
        row.device = DeviceRow(name: "Strap", manufacturer: "Acme", model: "S1", firmwareVersion: "2.1")
        row.metadata = #"{"note":"after run","when":{"date":1600000000.25}}"#
        var workout = Self.row(1800, at: 0, duration: 1800, type: "HKWorkoutTypeIdentifier")
        workout.workout = WorkoutRow(
            activityType: 37, totalEnergyBurned: 250, totalDistance: 5000, totalFlightsClimbed: nil, events: "[]")
        _ = try await storage.insert([row, workout])
        let read = try await storage.fetch(RowQuery(typeIdentifiers: [], sort: [RowSort(.anchor)]))
        #expect(read.count == 2)
        var expected = row
        expected.anchor = 1
        #expect(read.first == expected)
        #expect(read.last?.workout == workout.workout)
    }

    @Test(arguments: TestStorage.allCases)
    func aDuplicateUUIDFailsTheWholeBatch(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let first = Self.row(1, at: 0)
        _ = try await storage.insert([first])
        var duplicate = Self.row(2, at: 10)
        duplicate.uuid = first.uuid
        await #expect(throws: StorageError.self) { try await storage.insert([Self.row(3, at: 5), duplicate]) }
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).count == 1)
        await #expect(try storage.currentAnchor() == 1)
    }

    @Test(arguments: TestStorage.allCases)
    func deleteLeavesTombstonesAfterTheAnchor(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let rows = [Self.row(1, at: 0), Self.row(2, at: 10)]
        _ = try await storage.insert(rows)
        let change = try await storage.delete(uuids: [rows[0].uuid])
        #expect(change.anchor == 3)
        let deleted = try await storage.fetchDeleted(RowQuery(typeIdentifiers: [Self.steps], anchorAfter: 2))
        #expect(deleted.map(\.uuid) == [rows[0].uuid])
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [rows[1].uuid])
    }

    @Test(arguments: TestStorage.allCases)
    func aNewerSyncVersionReplacesAndAnOlderOneIsIgnored(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let v2 = Self.row(2, at: 0, sync: ("reading-1", 2))
        _ = try await storage.insert([v2])
        _ = try await storage.insert([
            Self.row(1, at: 0, sync: ("reading-1", 1)), Self.row(9, at: 0, sync: ("reading-1", 2)),
        ])
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.value) == [2])
        let v3 = Self.row(3, at: 0, sync: ("reading-1", 3))
        _ = try await storage.insert([v3])
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [v3.uuid])
        await #expect(try storage.fetchDeleted(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [v2.uuid])
    }

    @Test(arguments: TestStorage.allCases)
    func aSyncIdentifierRepeatedInOneBatchKeepsTheGreatestVersion(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let first = Self.row(1, at: 0, sync: ("reading", 1)), second = Self.row(2, at: 0, sync: ("reading", 2))
        let change = try await storage.insert([first, second, Self.row(0, at: 0, sync: ("reading", 2))])
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [second.uuid])
        await #expect(try storage.fetchDeleted(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [first.uuid])
        // The first took anchor 1, its tombstone 2, the second 3.
        #expect(change.anchor == 3)
    }

    @Test(arguments: TestStorage.allCases)
    func overlapFindsLongSamplesThatStartedBeforeTheRange(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let long = Self.row(100, at: 0, duration: 10_000)
        let inside = Self.row(1, at: 5_000, duration: 10)
        let before = Self.row(1, at: 0, duration: 10)
        _ = try await storage.insert([long, inside, before])
        let query = RowQuery(
            typeIdentifiers: [Self.steps], condition: .dateRange(start: 4_000, end: 6_000, mode: .overlaps))
        await #expect(Set(try storage.fetch(query).map(\.uuid)) == [long.uuid, inside.uuid])
        let strict = RowQuery(
            typeIdentifiers: [Self.steps], condition: .dateRange(start: 4_000, end: 6_000, mode: .strictStart))
        await #expect(try storage.fetch(strict).map(\.uuid) == [inside.uuid])
    }

    @Test(arguments: TestStorage.allCases)
    func overlapFollowsHealthKitsBoundaries(_ kind: TestStorage) async throws {
        // HealthKit: endDate >= start AND startDate < end.
        let storage = try await kind.make()
        let instant = Self.row(1, at: 100, duration: 0)
        let endingAtStart = Self.row(1, at: 40, duration: 60)
        let startingAtEnd = Self.row(1, at: 200, duration: 0)
        let endingBefore = Self.row(1, at: 40, duration: 59)
        _ = try await storage.insert([instant, endingAtStart, startingAtEnd, endingBefore])
        let query = RowQuery(
            typeIdentifiers: [Self.steps], condition: .dateRange(start: 100, end: 200, mode: .overlaps))
        await #expect(Set(try storage.fetch(query).map(\.uuid)) == [instant.uuid, endingAtStart.uuid])
    }

    @Test(arguments: TestStorage.allCases)
    func visibleSourcesNarrowEveryRead(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        _ = try await storage.insert([Self.row(1, at: 0), Self.row(2, at: 1, source: Self.watch)])
        let query = RowQuery(typeIdentifiers: [Self.steps], visibleSources: [Self.watch.bundleIdentifier])
        await #expect(try storage.fetch(query).map(\.value) == [2])
        await #expect(try storage.sources(query) == [Self.watch])
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.steps], visibleSources: [])).isEmpty)
    }

    @Test(arguments: TestStorage.allCases)
    func metadataConditionsUseTheJSON(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        var tagged = Self.row(1, at: 0)
        tagged.metadata = #"{"HKHeartRateSensorLocation":2,"note":"a \"quoted\" key"}"#
        _ = try await storage.insert([tagged, Self.row(2, at: 1)])
        let exists = RowQuery(typeIdentifiers: [Self.steps], condition: .metadataKeyExists("HKHeartRateSensorLocation"))
        await #expect(try storage.fetch(exists).map(\.uuid) == [tagged.uuid])
        let equal = RowQuery(
            typeIdentifiers: [Self.steps],
            condition: .metadata(key: "HKHeartRateSensorLocation", comparison: .equal, value: .number(2)))
        await #expect(try storage.fetch(equal).map(\.uuid) == [tagged.uuid])
        let notEqual = RowQuery(
            typeIdentifiers: [Self.steps], condition: .not(.metadataKeyExists("HKHeartRateSensorLocation")))
        await #expect(try storage.fetch(notEqual).count == 1)
        let quoted = RowQuery(
            typeIdentifiers: [Self.steps],
            condition: .metadata(key: "note", comparison: .equal, value: .string(#"a "quoted" key"#)))
        await #expect(try storage.fetch(quoted).map(\.uuid) == [tagged.uuid])
    }

    @Test(arguments: TestStorage.allCases)
    func settingsAreSetReadByPrefixAndRemoved(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        try await storage.setSettings(["grant/a/x": "1", "grant/a/y": "2", "grant/b/x": "3", "other": "4"])
        await #expect(try storage.setting("grant/a/y") == "2")
        await #expect(try storage.settings(withPrefix: "grant/a/") == ["grant/a/x": "1", "grant/a/y": "2"])
        try await storage.setSettings(["grant/a/x": nil, "grant/a/y": "5"])
        await #expect(try storage.settings(withPrefix: "grant/a/") == ["grant/a/y": "5"])
        await #expect(try storage.setting("grant/a/x") == nil)
    }

    @Test(arguments: TestStorage.allCases)
    func statisticsReadValuesBySourceInTheOrderSourcesFirstWrote(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        _ = try await storage.insert([Self.row(5, at: 100, source: Self.watch), Self.row(7, at: 50)])
        _ = try await storage.insert([Self.row(9, at: 0, source: Self.watch)])
        var sources: [SourceRow] = []
        var values: [ValueRow] = []
        try await storage.forEachValue(RowQuery(typeIdentifiers: [Self.steps]), sources: { sources = $0 }) {
            values.append($0)
        }
        #expect(sources == [Self.watch, Self.phone])
        #expect(values.map(\.value) == [9, 7, 5])
        #expect(values.map(\.source) == [0, 1, 0])
    }
}
