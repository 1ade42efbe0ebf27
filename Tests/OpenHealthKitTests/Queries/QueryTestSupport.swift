import Foundation
import OpenHealthKit
import OpenHealthKitTesting

/// One delivery of an anchored object query.
struct AnchoredDelivery: Sendable {
    var samples: [HKSample]
    var deleted: [HKDeletedObject]
    var anchor: HKQueryAnchor?
    var error: HKError?

    var sampleUUIDs: [UUID] { samples.map(\.uuid) }
}

extension Inbox where Event == AnchoredDelivery {
    /// A handler for `resultsHandler` / `updateHandler` that posts here.
    var anchoredHandler:
        @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void
    {
        { _, samples, deleted, anchor, error in
            self.post(
                AnchoredDelivery(
                    samples: samples ?? [], deleted: deleted ?? [], anchor: anchor, error: error as? HKError))
        }
    }
}

/// Heart-rate samples and a store allowed to write and read them.
enum HeartRate {
    static let type = HKQuantityType(.heartRate)
    static let bpm = HKUnit.count().unitDivided(by: .minute())

    static func sample(_ value: Double, at offset: TimeInterval = 0) -> HKQuantitySample {
        let date = Date(timeIntervalSince1970: 1_700_000_000 + offset)
        return HKQuantitySample(type: type, quantity: HKQuantity(unit: bpm, doubleValue: value), start: date, end: date)
    }

    /// A store for `app` on `database` that was allowed to write and read heart rate (and steps).
    static func authorizedStore(
        app: String = "com.example.app", database: HealthStoreConfiguration.Location
    ) async throws -> HKHealthStore {
        let store = TestStores.store(app: TestStores.app(app), database: database)
        let types: Set<HKSampleType> = [type, HKQuantityType(.stepCount)]
        try await store.requestAuthorization(toShare: types, read: types)
        return store
    }
}

/// Runs a one-shot anchored object query and returns its delivery.
func anchoredChanges(
    _ store: HKHealthStore, type: HKSampleType = HeartRate.type, predicate: NSPredicate? = nil,
    after anchor: HKQueryAnchor?, limit: Int = HKObjectQueryNoLimit
) async throws -> AnchoredDelivery {
    let inbox = Inbox<AnchoredDelivery>()
    store.execute(
        HKAnchoredObjectQuery(
            type: type, predicate: predicate, anchor: anchor, limit: limit, resultsHandler: inbox.anchoredHandler))
    return try await inbox.next()
}
