import Foundation
import Testing
import OpenHealthKit

/// Long-running statistics collection queries: recomputed after every save and delete of their type.
@Suite struct LiveStatisticsTests {
    let steps = HKQuantityType(.stepCount)

    /// What a collection query's handlers saw: the interval that changed and its sum, or the initial collection.
    enum Event: Sendable, Equatable {
        case initial(sums: [Double])
        case update(start: Date, sum: Double?, collectionSum: Double)
        case failure(String)
    }

    func store() async throws -> HKHealthStore {
        let store = TestStores.store(database: TestStores.database())
        try await store.requestAuthorization(toShare: [steps], read: [steps])
        return store
    }

    func sample(_ count: Double, at text: String) -> HKQuantitySample {
        let start = StatisticsFixture.date(text)
        return HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
            end: start.addingTimeInterval(600))
    }

    static func sum(_ statistics: HKStatistics?) -> Double? {
        statistics?.sumQuantity()?.doubleValue(for: .count())
    }

    @Test func aRunningCollectionQueryReportsTheIntervalASaveOrDeleteChanged() async throws {
        let store = try await store()
        let first = sample(100, at: "2024-05-01T10:00:00Z")
        try await store.save(first)
        let anchor = Calendar.current.startOfDay(for: first.startDate)
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let query = HKStatisticsCollectionQuery(
            quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum, anchorDate: anchor,
            intervalComponents: DateComponents(day: 1))
        query.initialResultsHandler = { _, collection, error in
            if let error { continuation.yield(.failure("\(error)")) }
            continuation.yield(.initial(sums: collection?.statistics().compactMap(Self.sum) ?? []))
        }
        query.statisticsUpdateHandler = { _, statistics, collection, error in
            if let error { continuation.yield(.failure("\(error)")) }
            let total = collection?.statistics().compactMap(Self.sum).reduce(0, +) ?? -1
            continuation.yield(
                .update(start: statistics?.startDate ?? .distantPast, sum: Self.sum(statistics), collectionSum: total))
        }
        store.execute(query)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .initial(sums: [100]))

        let second = sample(40, at: "2024-05-03T10:00:00Z")
        try await store.save(second)
        let thirdDay = Calendar.current.startOfDay(for: second.startDate)
        #expect(await iterator.next() == .update(start: thirdDay, sum: 40, collectionSum: 140))

        try await store.delete(first)
        #expect(await iterator.next() == .update(start: anchor, sum: nil, collectionSum: 40))

        store.stop(query)
        try await store.save(sample(5, at: "2024-05-01T12:00:00Z"))
        try await Task.sleep(for: .milliseconds(200))
        continuation.finish()
        #expect(await iterator.next() == nil)
    }

    @Test func theCollectionDescriptorsSequenceStartsWithTheSnapshotAndFollowsChanges() async throws {
        let store = try await store()
        try await store.save(sample(100, at: "2024-05-01T10:00:00Z"))
        let anchor = Calendar.current.startOfDay(for: StatisticsFixture.date("2024-05-01T10:00:00Z"))
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: steps), options: .cumulativeSum, anchorDate: anchor,
            intervalComponents: DateComponents(day: 1))
        var results = descriptor.results(for: store).makeAsyncIterator()
        let snapshot = try #require(try await results.next())
        #expect(snapshot.updatedStatistics == nil)
        #expect(snapshot.statisticsCollection.statistics().map(Self.sum) == [100])

        try await store.save(sample(20, at: "2024-05-01T11:00:00Z"))
        let update = try #require(try await results.next())
        #expect(update.updatedStatistics?.map(Self.sum) == [120])
        #expect(update.updatedStatistics?.first?.startDate == anchor)
    }

    @Test func aQueryWithoutUpdateHandlerStopsAfterItsInitialResults() async throws {
        let store = try await store()
        let query = HKStatisticsCollectionQuery(
            quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum, anchorDate: Date(),
            intervalComponents: DateComponents(hour: 1))
        let count: Int = await withCheckedContinuation { continuation in
            query.initialResultsHandler = { _, collection, _ in
                continuation.resume(returning: collection?.statistics().count ?? -1)
            }
            store.execute(query)
        }
        #expect(count == 0)
    }
}
