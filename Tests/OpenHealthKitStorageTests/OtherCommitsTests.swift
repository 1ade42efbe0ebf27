import Foundation
import Testing
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitTesting

/// Two engines on one database, as healthd and `hk` (or an embedded app) are: what one commits reaches the other's
/// change feed (SQLite: within a poll of the file; PostgreSQL: on the notification its commit sends), and neither
/// hears its own writes twice.
struct OtherCommitsTests {
    let heartRate = HKQuantityType(.heartRate)
    let steps = HKQuantityType(.stepCount)

    private func engines(_ kind: TestStorage) async throws -> (HealthEngine, HealthEngine) {
        let (first, second) = try await kind.pair()
        return (HealthEngine(storage: first), HealthEngine(storage: second))
    }

    private func beat(_ value: Double) -> HKQuantitySample {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        return HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: value),
            start: date, end: date)
    }

    @Test(arguments: TestStorage.allCases)
    func aSaveThroughOneEngineReachesTheOthersFeedOnce(_ kind: TestStorage) async throws {
        let (writer, watcher) = try await engines(kind)
        let owner = Principal.owner(source: try .owner(named: "Test"))
        let heard = Inbox<StoreChange>()
        let own = Inbox<StoreChange>()
        let watching = watcher.feed.subscribe(to: nil) { heard.post($0) }
        let writing = writer.feed.subscribe(to: nil) { own.post($0) }
        defer {
            watching.cancel()
            writing.cancel()
        }
        watcher.awaitOtherCommitsWatch()
        writer.awaitOtherCommitsWatch()

        // Heard with no further action of the watcher's: its watch found the commit.
        try await writer.save([beat(70)], as: owner)
        let change = try await heard.next()
        #expect(change.typeIdentifiers == [heartRate.identifier] && change.kind == .samples)
        await #expect(change.anchor == (try watcher.storage.currentAnchor()))
        #expect(try await own.next().typeIdentifiers == [heartRate.identifier])

        // The watcher's own save is published once (locally), not again by its watch; the writer hears it once.
        try await watcher.save([beat(80)], as: owner)
        #expect(try await heard.next().typeIdentifiers == [heartRate.identifier])
        #expect(try await own.next().typeIdentifiers == [heartRate.identifier])
        // Two polls later (a poll is every 0.5 s), nothing more.
        #expect(try await heard.rest(after: .milliseconds(1500)).isEmpty)
        #expect(try await own.rest().isEmpty)
    }

    @Test(arguments: TestStorage.allCases)
    func deletionsAndPrioritiesOfTheOtherEngineArePublished(_ kind: TestStorage) async throws {
        let (writer, watcher) = try await engines(kind)
        let owner = Principal.owner(source: try .owner(named: "Test"))
        try await writer.save([beat(70)], as: owner)
        let heard = Inbox<StoreChange>()
        let watching = watcher.feed.subscribe(to: nil, kinds: [.samples, .sourcePriority]) { heard.post($0) }
        defer { watching.cancel() }
        watcher.awaitOtherCommitsWatch()

        await #expect(try writer.deleteObjects(of: heartRate, predicate: nil, as: owner) == 1)
        let deleted = try await heard.next()
        #expect(deleted.kind == .samples && deleted.typeIdentifiers == [heartRate.identifier])

        try await writer.setSourcePriority(["com.example.watch"], for: steps)
        let priority = try await heard.next()
        #expect(priority.kind == .sourcePriority && priority.typeIdentifiers == [steps.identifier])
    }

    @Test(arguments: TestStorage.allCases)
    func preferredUnitsTheOtherEngineSetsArePublished(_ kind: TestStorage) async throws {
        let (writer, watcher) = try await engines(kind)
        let heard = Inbox<StoreChange>()
        let watching = watcher.feed.subscribe(to: nil, kinds: [.preferredUnits]) { heard.post($0) }
        defer { watching.cancel() }
        watcher.awaitOtherCommitsWatch()

        let mass = HKQuantityType(.bodyMass)
        try await writer.setPreferredUnit(.pound(), for: mass)
        let change = try await heard.next()
        #expect(change.kind == .preferredUnits && change.typeIdentifiers == [mass.identifier])
    }

    @Test(arguments: TestStorage.allCases)
    func activitySummariesTheOtherEngineImportsArePublishedAsTheirTypesChange(_ kind: TestStorage) async throws {
        let (writer, watcher) = try await engines(kind)
        let heard = Inbox<StoreChange>()
        let watching = watcher.feed.subscribe(to: [HKActivitySummaryTypeIdentifier]) { heard.post($0) }
        defer { watching.cancel() }
        watcher.awaitOtherCommitsWatch()

        var batch = ImportBatch()
        batch.activitySummaries = [ActivitySummaryRow(date: "2024-03-01")]
        _ = try await writer.importBatch(batch)
        let change = try await heard.next()
        #expect(change.kind == .samples && change.typeIdentifiers == [HKActivitySummaryTypeIdentifier])
        // The same summary again changes nothing, and is not heard.
        _ = try await writer.importBatch(batch)
        #expect(try await heard.rest(after: .milliseconds(1500)).isEmpty)
    }
}
