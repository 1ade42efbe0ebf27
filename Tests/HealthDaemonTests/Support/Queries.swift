import Foundation
import OpenHealthKit
import OpenHealthKitTesting

/// Async wrappers over the query API the scenarios use.
enum Fetch {
    static func samples(
        _ store: HKHealthStore, _ type: HKSampleType, predicate: NSPredicate? = nil, sort: [NSSortDescriptor]? = nil,
        limit: Int = HKObjectQueryNoLimit
    ) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sort) {
                    _, samples, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: samples ?? [])
                    }
                })
        }
    }

    static func sources(_ store: HKHealthStore, _ type: HKSampleType) async throws -> Set<HKSource> {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKSourceQuery(sampleType: type, samplePredicate: nil) { _, sources, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: sources ?? [])
                    }
                })
        }
    }

    static func correlations(
        _ store: HKHealthStore, _ type: HKCorrelationType, samplePredicates: [HKSampleType: NSPredicate]? = nil
    ) async throws -> [HKCorrelation] {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKCorrelationQuery(type: type, predicate: nil, samplePredicates: samplePredicates) {
                    _, correlations, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: correlations ?? [])
                    }
                })
        }
    }
}

/// One delivery of an anchored object query.
struct AnchoredDelivery: Sendable {
    var samples: [HKSample]
    var deleted: [HKDeletedObject]
    var anchor: HKQueryAnchor?
    var error: HKError?
}

extension Inbox where Event == String {
    /// An observer query of `type` that posts "changed", or "error …", each time it is called.
    func observerQuery(of type: HKSampleType) -> HKObserverQuery {
        HKObserverQuery(sampleType: type, predicate: nil) { _, completion, error in
            self.post(error.map { "error \($0)" } ?? "changed")
            completion()
        }
    }
}

extension Inbox where Event == AnchoredDelivery {
    /// An anchored object query of `type` from `anchor` that posts its results and then every update.
    func anchoredQuery(of type: HKSampleType, from anchor: HKQueryAnchor?) -> HKAnchoredObjectQuery {
        let query = HKAnchoredObjectQuery(
            type: type, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit, resultsHandler: anchoredHandler)
        query.updateHandler = anchoredHandler
        return query
    }

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
