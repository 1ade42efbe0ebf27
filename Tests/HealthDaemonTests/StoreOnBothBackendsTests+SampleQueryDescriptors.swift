import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// `HKSampleQuery(queryDescriptors:limit:sortDescriptors:resultsHandler:)` on both backends: the samples of several
/// types, each with its own predicate, as one sorted and limited list.
extension StoreOnBothBackendsTests {
    func samples(
        _ store: HKHealthStore,
        _ query: (@escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void) -> HKSampleQuery
    )
        async throws -> [HKSample]
    {
        let inbox = Inbox<Result<[HKSample], HKError>>()
        store.execute(
            query { _, samples, error in
                inbox.post(error.map { .failure($0 as! HKError) } ?? .success(samples ?? []))
            })
        return try await inbox.next().get()
    }

    func walk(_ value: Double, at offset: TimeInterval) -> HKQuantitySample {
        let date = Date(timeIntervalSince1970: 1_700_000_000 + offset)
        return HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: value), start: date, end: date)
    }

    @Test(arguments: StoreBackend.allCases)
    func aSampleQueryOfSeveralDescriptorsMergesTheirSamplesSortedAndLimited(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate, steps])
            let rest = beat(55, at: 0), peak = beat(150, at: 90), walked = walk(400, at: 30), stroll = walk(20, at: 60)
            try await store.save([rest, peak, walked, stroll])
            let descriptors = [
                HKQueryDescriptor(
                    sampleType: heartRate,
                    predicate: HKQuery.predicateForQuantitySamples(
                        with: .greaterThan, quantity: HKQuantity(unit: bpm, doubleValue: 100))),
                HKQueryDescriptor(sampleType: steps, predicate: nil),
            ]
            let byStart = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)]
            let all = try await samples(store) {
                HKSampleQuery(
                    queryDescriptors: descriptors, limit: HKObjectQueryNoLimit, sortDescriptors: byStart,
                    resultsHandler: $0)
            }
            #expect(all.map(\.uuid) == [walked.uuid, stroll.uuid, peak.uuid])

            let latestTwo = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
            let limited = try await samples(store) {
                HKSampleQuery(queryDescriptors: descriptors, limit: 2, sortDescriptors: latestTwo, resultsHandler: $0)
            }
            #expect(limited.map(\.uuid) == [peak.uuid, stroll.uuid])

            let unsorted = try await samples(store) {
                HKSampleQuery(queryDescriptors: descriptors, limit: HKObjectQueryNoLimit, resultsHandler: $0)
            }
            #expect(Set(unsorted.map(\.uuid)) == [walked.uuid, stroll.uuid, peak.uuid])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aSampleMatchingTwoDescriptorsIsReturnedOnce(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            let first = beat(60, at: 0), second = beat(70, at: 60)
            try await store.save([first, second])
            let descriptors = [
                HKQueryDescriptor(sampleType: heartRate, predicate: nil),
                HKQueryDescriptor(sampleType: heartRate, predicate: HKQuery.predicateForObject(with: first.uuid)),
            ]
            let found = try await samples(store) {
                HKSampleQuery(queryDescriptors: descriptors, limit: HKObjectQueryNoLimit, resultsHandler: $0)
            }
            #expect(found.count == 2 && Set(found.map(\.uuid)) == [first.uuid, second.uuid])
        }
    }

    @Test func aSampleQueryWithoutDescriptorsRaises() async {
        await #expect(processExitsWith: .failure) {
            _ = HKSampleQuery(queryDescriptors: [], limit: HKObjectQueryNoLimit) { _, _, _ in }
        }
    }
}
