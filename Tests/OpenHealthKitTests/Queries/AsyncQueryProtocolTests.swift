import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// The descriptors conform to HKAsyncQuery and HKAsyncSequenceQuery with HealthKit's associated types, so code
/// generic over those protocols runs them and gets HealthKit's types back.
@Suite struct AsyncQueryProtocolTests {
    /// Runs any one-shot query through the protocol.
    func output<Query: HKAsyncQuery>(of query: Query, on store: HKHealthStore) async throws -> Query.Output {
        try await query.result(for: store)
    }

    /// The first element of any long-running query's sequence, through the protocol.
    func firstElement<Query: HKAsyncSequenceQuery>(of query: Query, on store: HKHealthStore) async throws
        -> Query.Sequence.Element?
    {
        var iterator = query.results(for: store).makeAsyncIterator()
        return try await iterator.next()
    }

    @Test func theOneShotDescriptorsReturnTheirOutputTypes() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let beat = HeartRate.sample(64)
        try await store.save(beat)
        let samples: [HKQuantitySample] = try await output(
            of: HKSampleQueryDescriptor(predicates: [.quantitySample(type: HeartRate.type)], sortDescriptors: []),
            on: store)
        #expect(samples.map(\.uuid) == [beat.uuid])
        let sources: [HKSource] = try await output(
            of: HKSourceQueryDescriptor(predicate: .quantitySample(type: HeartRate.type)), on: store)
        #expect(sources.map(\.bundleIdentifier) == ["com.example.app"])
        let statistics: HKStatistics? = try await output(
            of: HKStatisticsQueryDescriptor(predicate: .quantitySample(type: HeartRate.type), options: .discreteMax),
            on: store)
        #expect(statistics?.maximumQuantity()?.doubleValue(for: HeartRate.bpm) == 64)
        let summaries: [HKActivitySummary] = try await output(
            of: HKActivitySummaryQueryDescriptor(predicate: nil), on: store)
        #expect(summaries.isEmpty)
    }

    @Test func theLongRunningDescriptorsDeliverTheirElementTypes() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let beat = HeartRate.sample(64)
        try await store.save(beat)
        let anchored: HKAnchoredObjectQueryDescriptor<HKQuantitySample>.Result? = try await firstElement(
            of: HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: HeartRate.type)], anchor: nil),
            on: store)
        #expect(anchored?.addedSamples.map(\.uuid) == [beat.uuid])
        let collection: HKStatisticsCollectionQueryDescriptor.Result? = try await firstElement(
            of: HKStatisticsCollectionQueryDescriptor(
                predicate: .quantitySample(type: HeartRate.type), options: .discreteMax,
                anchorDate: Date(timeIntervalSince1970: 0), intervalComponents: DateComponents(day: 1)),
            on: store)
        #expect(collection?.statisticsCollection.statistics().count == 1)
        try await store.requestAuthorization(toShare: [], read: [HKObjectType.activitySummaryType()])
        let summaries: [HKActivitySummary]? = try await firstElement(
            of: HKActivitySummaryQueryDescriptor(predicate: nil), on: store)
        #expect(summaries == [])
    }

    @Test func theSequencesAndIteratorsNameTheirTypesAsHealthKitDoes() {
        typealias Anchored = HKAnchoredObjectQueryDescriptor<HKQuantitySample>
        #expect(Anchored.Sequence.self == Anchored.Results.self)
        #expect(Anchored.Results.AsyncIterator.self == Anchored.Results.Iterator.self)
        #expect(Anchored.Results.Iterator.Element.self == Anchored.Result.self)
        #expect(Anchored.Output.self == Anchored.Result.self)
        typealias Collection = HKStatisticsCollectionQueryDescriptor
        #expect(Collection.Sequence.self == Collection.Results.self)
        #expect(Collection.Results.AsyncIterator.self == Collection.Results.Iterator.self)
        #expect(Collection.Results.Iterator.Element.self == Collection.Result.self)
        #expect(Collection.Output.self == HKStatisticsCollection.self)
        typealias Summaries = HKActivitySummaryQueryDescriptor
        #expect(Summaries.Sequence.self == Summaries.Results.self)
        #expect(Summaries.Results.AsyncIterator.self == Summaries.Results.Iterator.self)
        #expect(Summaries.Results.Iterator.Element.self == [HKActivitySummary].self)
        #expect(Summaries.Output.self == [HKActivitySummary].self)
    }

    @Test @available(*, deprecated) func aQueryOfOneSampleTypeNamesItAsItsSampleType() {
        let query = HKSampleQuery(sampleType: HeartRate.type, predicate: nil, limit: 0, sortDescriptors: nil) {
            _, _, _ in
        }
        #expect(query.sampleType == HeartRate.type)
        let summaries = HKActivitySummaryQuery(predicate: nil) { _, _, _ in }
        #expect(summaries.sampleType == nil)
        let several = HKSampleQuery(
            queryDescriptors: [
                HKQueryDescriptor(sampleType: HeartRate.type, predicate: nil),
                HKQueryDescriptor(sampleType: HKQuantityType(.stepCount), predicate: nil),
            ], limit: 0
        ) { _, _, _ in }
        #expect(several.sampleType == nil)
    }

    @Test func samplePredicatesAreEqualWhenTheirTypesAndPredicatesAre() {
        let since = HKQuery.predicateForSamples(withStart: Date(timeIntervalSince1970: 0), end: nil)
        let again = HKQuery.predicateForSamples(withStart: Date(timeIntervalSince1970: 0), end: nil)
        let a = HKSamplePredicate.quantitySample(type: HeartRate.type, predicate: since)
        let b = HKSamplePredicate.quantitySample(type: HeartRate.type, predicate: again)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        #expect(a != .quantitySample(type: HKQuantityType(.stepCount), predicate: since))
        #expect(a != .quantitySample(type: HeartRate.type))
    }
}
