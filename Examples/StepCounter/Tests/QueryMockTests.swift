import Foundation
import HealthKit
import OpenHealthKitTesting
import Testing

@testable import StepCounter

/// Query subclasses as app test suites write them: their overrides of Apple's designated initializers run, and the
/// store runs the subclasses as the queries they are.
@Suite struct QueryMockTests {
    /// The manager with the observer query a test substitutes: a mock, kept for the test to drive.
    final class ManagerWithMockObserver: HealthKitManager {
        private(set) var observerQuery: HKObserverQueryMock?

        override func makeObserverQuery(
            sampleType: HKSampleType,
            updateHandler: @escaping (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, Error?) -> Void
        ) -> HKObserverQuery {
            let query = HKObserverQueryMock(sampleType: sampleType, predicate: nil, updateHandler: updateHandler)
            observerQuery = query
            return query
        }
    }

    @Test func anObserverQueryMockMadeForASampleTypeRunsOnAStore() async throws {
        let store = try await TestStores.authorized()
        let updates = Inbox<Bool>()
        let query = HKObserverQueryMock(sampleType: HKQuantityType(.heartRate), predicate: nil) {
            _, completion, error in
            updates.post(error == nil)
            completion()
        }
        #expect(query.objectType == HKQuantityType(.heartRate))
        store.execute(query)
        defer { store.stop(query) }

        try await store.save(TestStores.heartRate(64))
        #expect(try await updates.next() == true)
    }

    @Test func anObserverQueryMockMadeWithDescriptorsReportsTheTypesThatChanged() async throws {
        let store = try await TestStores.authorized()
        let updates = Inbox<Set<HKSampleType>>()
        let descriptors = [
            HKQueryDescriptor(sampleType: HKQuantityType(.heartRate), predicate: nil),
            HKQueryDescriptor(sampleType: HKQuantityType(.stepCount), predicate: nil),
        ]
        let query = HKObserverQueryMock(queryDescriptors: descriptors) { _, types, completion, _ in
            updates.post(types ?? [])
            completion()
        }
        #expect(query.queryDescriptors == descriptors)
        store.execute(query)
        defer { store.stop(query) }

        try await store.save(TestStores.steps(250))
        #expect(try await updates.next() == [HKQuantityType(.stepCount)])
    }

    @Test func theManagerReadsHeartRatesWhenTheMockObserverItWasGivenFires() async throws {
        let store = try await TestStores.authorized()
        try await store.save(TestStores.heartRate(58))
        let manager = ManagerWithMockObserver(healthStore: store)
        let (heartRates, cancellable) = manager.$latestHeartRate.compactMap { $0 }.recorded()
        defer { cancellable.cancel() }
        manager.startObservingHeartRate()
        defer { manager.stopObservingHeartRate() }

        let mock = try #require(manager.observerQuery)
        mock.updateHandler(mock, {}, nil)
        #expect(try await heartRates.next() == 58)
    }

    @Test func anAnchoredObjectQueryMockReadsWhatFollowsItsAnchor() async throws {
        let store = try await TestStores.authorized()
        try await store.save([TestStores.steps(10), TestStores.steps(20)])
        let results = Inbox<(count: Int, anchor: HKQueryAnchor?)>()
        let first = HKAnchoredObjectQueryMock(
            type: HKQuantityType(.stepCount), predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, samples, _, anchor, _ in
            results.post((samples?.count ?? -1, anchor))
        }
        store.execute(first)
        let all = try await results.next()
        #expect(all.count == 2)

        try await store.save(TestStores.steps(30))
        let descriptors = [HKQueryDescriptor(sampleType: HKQuantityType(.stepCount), predicate: nil)]
        let next = HKAnchoredObjectQueryMock(
            queryDescriptors: descriptors, anchor: all.anchor, limit: HKObjectQueryNoLimit
        ) { _, samples, _, anchor, _ in
            results.post((samples?.count ?? -1, anchor))
        }
        #expect(next.anchor == all.anchor)
        store.execute(next)
        #expect(try await results.next().count == 1)
    }

    @Test func eachQuerySubclassIsMadeByItsOverrideOfTheDesignatedInitializer() {
        let steps = HKQuantityType(.stepCount)
        let descriptors = [HKQueryDescriptor(sampleType: steps, predicate: nil)]
        let sum = HKStatisticsOptions.cumulativeSum
        let sampleQuery = SampleQuerySubclass(sampleType: steps, predicate: nil, limit: 1, sortDescriptors: nil) {
            _, _, _ in
        }
        #expect(sampleQuery.initializer == "sampleType")
        #expect(
            SampleQuerySubclass(queryDescriptors: descriptors, limit: 1) { _, _, _ in }.initializer
                == "queryDescriptors")
        let sorted = SampleQuerySubclass(queryDescriptors: descriptors, limit: 1, sortDescriptors: []) { _, _, _ in }
        #expect(sorted.initializer == "queryDescriptors sortDescriptors")
        let statistics = StatisticsQuerySubclass(quantityType: steps, quantitySamplePredicate: nil, options: sum) {
            _, _, _ in
        }
        #expect(statistics.initializer == "quantityType")
        let collection = StatisticsCollectionQuerySubclass(
            quantityType: steps, quantitySamplePredicate: nil, options: sum, anchorDate: Date(),
            intervalComponents: DateComponents(day: 1))
        #expect(collection.initializer == "quantityType")
        let correlation = CorrelationQuerySubclass(
            type: HKCorrelationType(.bloodPressure), predicate: nil, samplePredicates: nil
        ) { _, _, _ in }
        #expect(correlation.initializer == "type")
        #expect(SourceQuerySubclass(sampleType: steps, samplePredicate: nil) { _, _, _ in }.initializer == "sampleType")
        #expect(ActivitySummaryQuerySubclass(predicate: nil) { _, _, _ in }.initializer == "predicate")
        let documents = DocumentQuerySubclass(
            documentType: HKDocumentType(.CDA), predicate: nil, limit: 1, sortDescriptors: nil,
            includeDocumentData: false
        ) { _, _, _, _ in }
        #expect(documents.initializer == "documentType")
        let series = QuantitySeriesSampleQuerySubclass(quantityType: steps, predicate: nil) { _, _, _, _, _, _ in }
        #expect(series.initializer == "quantityType")
        let medications = UserAnnotatedMedicationQuerySubclass(predicate: nil, limit: 1) { _, _, _, _ in }
        #expect(medications.initializer == "predicate")
        let efforts = WorkoutEffortRelationshipQuerySubclass(predicate: nil, anchor: nil, options: .default) {
            _, _, _, _ in
        }
        #expect(efforts.initializer == "predicate")
    }

    @Test func aSampleQuerySubclassRunsOnAStore() async throws {
        let store = try await TestStores.authorized()
        try await store.save(TestStores.steps(42))
        let count = await withCheckedContinuation { continuation in
            store.execute(
                SampleQuerySubclass(
                    sampleType: HKQuantityType(.stepCount), predicate: nil, limit: HKObjectQueryNoLimit,
                    sortDescriptors: nil
                ) { _, samples, _ in
                    continuation.resume(returning: samples?.count ?? -1)
                })
        }
        #expect(count == 1)
    }
}
