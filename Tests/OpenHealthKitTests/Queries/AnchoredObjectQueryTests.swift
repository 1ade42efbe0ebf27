import Foundation
import Testing
@testable import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting

@Suite struct AnchoredObjectQueryTests {
    @Test func deliversTheInitialResultsThenEachSaveAndDeleteWithTombstones() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let first = HeartRate.sample(60), second = HeartRate.sample(70, at: 60)
        try await store.save([first, second])

        let inbox = Inbox<AnchoredDelivery>()
        let query = HKAnchoredObjectQuery(
            type: HeartRate.type, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit,
            resultsHandler: inbox.anchoredHandler)
        query.updateHandler = inbox.anchoredHandler
        store.execute(query)
        defer { store.stop(query) }

        let initial = try await inbox.next()
        #expect(initial.sampleUUIDs == [first.uuid, second.uuid])
        #expect(initial.deleted.isEmpty)
        #expect(initial.anchor != nil)

        let third = HeartRate.sample(80, at: 120)
        try await store.save(third)
        let added = try await inbox.next()
        #expect(added.sampleUUIDs == [third.uuid])
        #expect(added.deleted.isEmpty)

        try await store.delete(first)
        let deleted = try await inbox.next()
        #expect(deleted.samples.isEmpty)
        #expect(deleted.deleted.map(\.uuid) == [first.uuid])
        #expect(try await inbox.rest().isEmpty)
    }

    @Test func resumingFromAReturnedAnchorGivesOnlyNewerChanges() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let old = HeartRate.sample(60)
        try await store.save(old)
        let before = try await anchoredChanges(store, after: nil)
        #expect(before.sampleUUIDs == [old.uuid])

        let new = HeartRate.sample(65, at: 30)
        try await store.save(new)
        try await store.delete(old)
        let after = try await anchoredChanges(store, after: before.anchor)
        #expect(after.sampleUUIDs == [new.uuid])
        #expect(after.deleted.map(\.uuid) == [old.uuid])

        let nothing = try await anchoredChanges(store, after: after.anchor)
        #expect(nothing.samples.isEmpty && nothing.deleted.isEmpty)
        #expect(nothing.anchor == after.anchor)
    }

    @Test func aLimitPagesThroughTheChangesInOrder() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let samples = (0..<5).map { HeartRate.sample(Double(60 + $0), at: Double($0) * 60) }
        for sample in samples { try await store.save(sample) }
        try await store.delete(samples[1])

        var anchor: HKQueryAnchor?
        var pages: [AnchoredDelivery] = []
        repeat {
            let page = try await anchoredChanges(store, after: anchor, limit: 2)
            pages.append(page)
            anchor = page.anchor
        } while pages.last.map { $0.samples.count + $0.deleted.count } == 2
        // Samples 0, 2, 3, 4 remain, then the deletion of 1: five changes in pages of 2, 2, 1.
        #expect(pages.map { $0.samples.count + $0.deleted.count } == [2, 2, 1])
        #expect(pages.flatMap(\.sampleUUIDs) == [0, 2, 3, 4].map { samples[$0].uuid })
        #expect(pages.flatMap(\.deleted).map(\.uuid) == [samples[1].uuid])
    }

    @Test func aPredicateNarrowsTheSamplesButNotTheDeletions() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let high = HKQuery.predicateForQuantitySamples(
            with: .greaterThan, quantity: HKQuantity(unit: HeartRate.bpm, doubleValue: 100))
        let inbox = Inbox<AnchoredDelivery>()
        let query = HKAnchoredObjectQuery(
            type: HeartRate.type, predicate: high, anchor: nil, limit: HKObjectQueryNoLimit,
            resultsHandler: inbox.anchoredHandler)
        query.updateHandler = inbox.anchoredHandler
        store.execute(query)
        defer { store.stop(query) }
        #expect(try await inbox.next().samples.isEmpty)

        let calm = HeartRate.sample(60), racing = HeartRate.sample(150, at: 60)
        try await store.save(calm)
        try await store.save(racing)
        #expect(try await inbox.next().sampleUUIDs == [racing.uuid])
        try await store.delete(calm)
        #expect(try await inbox.next().deleted.map(\.uuid) == [calm.uuid])
    }

    @Test func queryDescriptorsReadSeveralTypesInOneStream() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let steps = HKQuantityType(.stepCount)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let walk = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 500), start: date,
            end: date.addingTimeInterval(600))
        let pulse = HeartRate.sample(72)
        try await store.save([walk, pulse])

        let inbox = Inbox<AnchoredDelivery>()
        let query = HKAnchoredObjectQuery(
            queryDescriptors: [
                HKQueryDescriptor(sampleType: HeartRate.type, predicate: nil),
                HKQueryDescriptor(sampleType: steps, predicate: nil),
            ],
            anchor: nil, limit: 1, resultsHandler: inbox.anchoredHandler)
        store.execute(query)
        let page = try await inbox.next()
        #expect(page.sampleUUIDs == [walk.uuid])
        #expect(query.objectType == nil)
        #expect(try await anchoredChanges(store, type: steps, after: page.anchor).samples.isEmpty)
        #expect(try await anchoredChanges(store, after: page.anchor).sampleUUIDs == [pulse.uuid])
    }

    @Test func anInvalidPredicateIsReportedToTheResultsHandler() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let delivery = try await anchoredChanges(store, predicate: NSPredicate { _, _ in true }, after: nil)
        #expect(delivery.error?.code == .errorInvalidArgument)
        #expect(delivery.anchor == nil)
    }

    @Test func stopEndsTheUpdates() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let inbox = Inbox<AnchoredDelivery>()
        let query = HKAnchoredObjectQuery(
            type: HeartRate.type, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit,
            resultsHandler: inbox.anchoredHandler)
        query.updateHandler = inbox.anchoredHandler
        store.execute(query)
        _ = try await inbox.next()
        store.stop(query)
        try await store.save(HeartRate.sample(90))
        #expect(try await inbox.rest().isEmpty)
    }

    /// Another app's samples reach a running query while the app may read them, and stop at once when the user
    /// revokes the read, without restarting the query.
    @Test func revokingTheReadGrantTakesEffectOnARunningQuery() async throws {
        let database = TestStores.database()
        let reader = try await HeartRate.authorizedStore(app: "com.example.reader", database: database)
        let writer = try await HeartRate.authorizedStore(app: "com.example.writer", database: database)

        let inbox = Inbox<AnchoredDelivery>()
        let query = HKAnchoredObjectQuery(
            type: HeartRate.type, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit,
            resultsHandler: inbox.anchoredHandler)
        query.updateHandler = inbox.anchoredHandler
        reader.execute(query)
        defer { reader.stop(query) }
        #expect(try await inbox.next().samples.isEmpty)

        let shared = HeartRate.sample(70)
        try await writer.save(shared)
        #expect(try await inbox.next().sampleUUIDs == [shared.uuid])

        let engine = try EngineRegistry.engine(for: database)
        try await engine.setGrants(
            [HeartRate.type.identifier: Grant(share: .sharingAuthorized, read: .denied)], app: "com.example.reader")
        let hidden = HeartRate.sample(75, at: 60), own = HeartRate.sample(80, at: 120)
        try await writer.save(hidden)
        try await reader.save(own)
        #expect(try await inbox.next().sampleUUIDs == [own.uuid])
        #expect(try await inbox.rest().isEmpty)
    }

    @Test func reExecutingAQueryRaises() async {
        await #expect(processExitsWith: .failure) {
            let store = TestStores.store(database: TestStores.database())
            let query = HKAnchoredObjectQuery(type: HKQuantityType(.heartRate), predicate: nil, anchor: nil, limit: 0) {
                _, _, _, _, _ in
            }
            store.execute(query)
            store.execute(query)
        }
    }

    @Test func anUpdateHandlerOnAQueryWithALimitRaises() async {
        await #expect(processExitsWith: .failure) {
            let query = HKAnchoredObjectQuery(type: HKQuantityType(.heartRate), predicate: nil, anchor: nil, limit: 10)
            { _, _, _, _, _ in }
            query.updateHandler = { _, _, _, _, _ in }
        }
    }
}
