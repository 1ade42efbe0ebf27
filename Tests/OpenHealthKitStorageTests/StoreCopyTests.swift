import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
import Testing

/// ``StoreCopy`` between the two storages, both ways: what the destination holds, in what order, and what it
/// tells the owner to do. (`hk migrate`'s own suite moves real exports through the binary.)
@Suite struct StoreCopyTests {
    /// A copy's two sides.
    struct Direction: CustomStringConvertible, Sendable {
        let from: TestStorage
        let to: TestStorage
        var description: String { "\(from) to \(to)" }
    }

    static let directions = [Direction(from: .sqlite, to: .postgreSQL), Direction(from: .postgreSQL, to: .sqlite)]
    static let steps = StorageTests.steps

    /// A source whose history interleaves saves, deletions and a sync replacement, with start dates out of order.
    static func history(_ storage: any HealthStorage) async throws {
        let early = StorageTests.row(5, at: 10_000), late = StorageTests.row(6, at: 100)
        _ = try await storage.insert([early, late])
        _ = try await storage.insert([StorageTests.row(7, at: 5_000, source: StorageTests.watch)])
        _ = try await storage.delete(uuids: [early.uuid])
        _ = try await storage.insert([StorageTests.row(8, at: 50, sync: ("day-1", 1))])
        _ = try await storage.insert([StorageTests.row(9, at: 60, sync: ("day-1", 2))])  // replaces version 1
        _ = try await storage.insert([StorageTests.row(10, at: 20_000)])
    }

    /// Every change of `storage` (samples and tombstones) as (UUID, anchor), in anchor order.
    static func changes(_ storage: any HealthStorage) async throws -> [(UUID, Int64)] {
        let samples = try await storage.fetch(RowQuery(typeIdentifiers: [], sort: [RowSort(.anchor)])).map {
            ($0.uuid, $0.anchor)
        }
        let deleted = try await storage.fetchDeleted(RowQuery(typeIdentifiers: [])).map { ($0.uuid, $0.anchor) }
        return (samples + deleted).sorted { $0.1 < $1.1 }
    }

    @Test(arguments: directions)
    func samplesAndTombstonesKeepTheirOrderUnderNewStrictlyIncreasingAnchors(_ direction: Direction) async throws {
        let source = try await direction.from.make(), destination = try await direction.to.make()
        try await Self.history(source)
        _ = try await StoreCopy.copy(from: source, to: destination)
        let before = try await Self.changes(source), after = try await Self.changes(destination)
        #expect(after.map(\.0) == before.map(\.0))
        #expect(zip(after, after.dropFirst()).allSatisfy { $0.1 < $1.1 })
        await #expect(try StoreTally.tally(destination) == (try StoreTally.tally(source)))
    }

    @Test(arguments: directions)
    func anAnchoredReadAfterACopiedSampleSeesTheSameDeletionsAndSaves(_ direction: Direction) async throws {
        let source = try await direction.from.make(), destination = try await direction.to.make()
        try await Self.history(source)
        _ = try await StoreCopy.copy(from: source, to: destination)
        // The second sample saved: what came after it, read by an anchored query on each side.
        let mark = try await source.fetch(RowQuery(typeIdentifiers: [Self.steps], sort: [RowSort(.anchor)]))[1].uuid
        func after(_ storage: any HealthStorage) async throws -> ([UUID], [UUID]) {
            let anchor = try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .uuids([mark])))[0].anchor
            let query = RowQuery(typeIdentifiers: [Self.steps], anchorAfter: anchor, sort: [RowSort(.anchor)])
            let deleted = try await storage.fetchDeleted(query).sorted { $0.anchor < $1.anchor }
            return await (try storage.fetch(query).map(\.uuid), deleted.map(\.uuid))
        }
        let (saved, deleted) = try await after(source)
        #expect(deleted.count == 2)  // the deleted sample and the replaced sync version
        let copied = try await after(destination)
        #expect(copied.0 == saved)
        #expect(copied.1 == deleted)
    }

    @Test(arguments: directions)
    func statisticsReadTheSameValuesBySource(_ direction: Direction) async throws {
        let source = try await direction.from.make(), destination = try await direction.to.make()
        try await Self.history(source)
        _ = try await StoreCopy.copy(from: source, to: destination)
        func values(_ storage: any HealthStorage) async throws -> [String] {
            var sources: [SourceRow] = []
            var values: [String] = []
            try await storage.forEachValue(RowQuery(typeIdentifiers: [Self.steps])) {
                sources = $0
            } _: {
                values.append("\($0.start) \($0.end) \($0.value) \(sources[$0.source].bundleIdentifier)")
            }
            return values
        }
        await #expect(try values(destination) == (try values(source)))
        await #expect(try values(destination).count == 4)
    }

    @Test func aSQLiteDestinationBuildsItsOwnStatisticsAggregates() async throws {
        let source = try await TestStorage.postgreSQL.make(), destination = try SQLiteStorage()
        try await Self.history(source)
        _ = try await StoreCopy.copy(from: source, to: destination)
        var sum = 0.0
        let answered = try destination.forEachStatisticsAggregate(
            AggregateQuery(typeIdentifier: Self.steps, firstBucket: nil, endBucket: nil, bySource: false),
            sources: { _, _ in }
        ) { sum += $0.sum }
        #expect(answered)
        #expect(sum == 6 + 7 + 9 + 10)
    }

    @Test(arguments: directions)
    func appsAreCopiedWithoutTheirCredentialAndListedForTheOwner(_ direction: Direction) async throws {
        let source = try await direction.from.make(), destination = try await direction.to.make()
        let registered = Date(timeIntervalSince1970: 1_700_000_000)
        let app = RegisteredApp(
            manifest: AppManifest(bundleIdentifier: "com.example.steps", name: "Steps", shareUsageDescription: "Read"),
            registeredAt: registered, credentialID: "old", credentialIssuedAt: registered,
            credentialExpiresAt: registered + 86_400)
        var revoked = app
        revoked.manifest.bundleIdentifier = "com.example.gone"
        revoked.revokedAt = registered + 10
        try source.saveRegisteredApp(app)
        try source.saveRegisteredApp(revoked)
        let result = try await StoreCopy.copy(from: source, to: destination)
        #expect(result.appsToRegister.map(\.bundleIdentifier) == ["com.example.steps"])
        let copied = try destination.registeredApps().sorted { $0.bundleIdentifier < $1.bundleIdentifier }
        #expect(copied.map(\.manifest) == [revoked.manifest, app.manifest])
        #expect(copied.allSatisfy { $0.credentialID != "old" })
        #expect(copied.map(\.revokedAt) == [revoked.revokedAt, nil])
    }

    @Test(arguments: TestStorage.allCases)
    func aDestinationWithAnythingInItIsNotEmpty(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        await #expect(try StoreCopy.contentOfNonEmpty(storage) == nil)
        try await storage.setSettings(["owner/timeZone": "Europe/Paris"])
        await #expect(try StoreCopy.contentOfNonEmpty(storage) == "settings")
        _ = try await storage.insert([StorageTests.row(1, at: 0)])
        await #expect(try StoreCopy.contentOfNonEmpty(storage) == "samples")
    }
}
