import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

@Suite struct ObserverQueryTests {
    /// An observer of heart rate whose handler posts each call (nil for a call without error).
    static func observe(
        _ store: HKHealthStore, predicate: NSPredicate? = nil
    ) -> (HKObserverQuery, Inbox<HKError?>) {
        let inbox = Inbox<HKError?>()
        let query = HKObserverQuery(sampleType: HeartRate.type, predicate: predicate) { _, completion, error in
            inbox.post(error as? HKError)
            completion()
        }
        store.execute(query)
        return (query, inbox)
    }

    @Test func firesAfterEachSaveAndDeleteOfItsTypeAndNotBefore() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let existing = HeartRate.sample(60)
        try await store.save(existing)
        let (query, inbox) = Self.observe(store)
        defer { store.stop(query) }
        #expect(try await inbox.rest().isEmpty)

        try await store.save(HeartRate.sample(70, at: 60))
        #expect(try await inbox.next() == nil)
        try await store.delete(existing)
        #expect(try await inbox.next() == nil)
        #expect(try await inbox.rest().isEmpty)
    }

    @Test func ignoresOtherTypes() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let (query, inbox) = Self.observe(store)
        defer { store.stop(query) }
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.save(
            HKQuantitySample(
                type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 10), start: date,
                end: date))
        #expect(try await inbox.rest().isEmpty)
    }

    @Test func staysSilentAfterStop() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let (query, inbox) = Self.observe(store)
        try await store.save(HeartRate.sample(70))
        _ = try await inbox.next()
        store.stop(query)
        try await store.save(HeartRate.sample(71, at: 60))
        #expect(try await inbox.rest().isEmpty)
    }

    @Test func firesOnlyForSavesMatchingItsPredicateButForEveryDeletion() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let high = HKQuery.predicateForQuantitySamples(
            with: .greaterThan, quantity: HKQuantity(unit: HeartRate.bpm, doubleValue: 100))
        let (query, inbox) = Self.observe(store, predicate: high)
        defer { store.stop(query) }

        let calm = HeartRate.sample(60)
        try await store.save(calm)
        #expect(try await inbox.rest().isEmpty)
        try await store.save(HeartRate.sample(150, at: 60))
        #expect(try await inbox.next() == nil)
        try await store.delete(calm)
        #expect(try await inbox.next() == nil)
    }

    @Test func doesNotWakeForSamplesTheAppCannotRead() async throws {
        let database = TestStores.database()
        let reader = TestStores.store(app: TestStores.app("com.example.reader"), database: database) { request in
            AuthorizationAnswer(allowedToShare: request.toShare)
        }
        try await reader.requestAuthorization(toShare: [HeartRate.type], read: [HeartRate.type])
        let writer = try await HeartRate.authorizedStore(app: "com.example.writer", database: database)
        let (query, inbox) = Self.observe(reader)
        defer { reader.stop(query) }

        try await writer.save(HeartRate.sample(70))
        #expect(try await inbox.rest().isEmpty)
        try await reader.save(HeartRate.sample(72, at: 60))
        #expect(try await inbox.next() == nil)
    }

    @Test func queryDescriptorsReportWhichTypesChanged() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let steps = HKQuantityType(.stepCount)
        let inbox = Inbox<Set<HKSampleType>>()
        let query = HKObserverQuery(queryDescriptors: [
            HKQueryDescriptor(sampleType: HeartRate.type, predicate: nil),
            HKQueryDescriptor(sampleType: steps, predicate: nil),
        ]) { _, types, completion, _ in
            inbox.post(types ?? [])
            completion()
        }
        store.execute(query)
        defer { store.stop(query) }

        try await store.save(HeartRate.sample(70))
        #expect(try await inbox.next() == [HeartRate.type])
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.save(
            HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: date, end: date)
        )
        #expect(try await inbox.next() == [steps])
    }
}
