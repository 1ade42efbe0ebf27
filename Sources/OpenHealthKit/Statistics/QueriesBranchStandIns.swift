import Foundation
import OpenHealthKitEngine

// Stand-ins for `HKSamplePredicate`, `HKAsyncQuery` and `HKAsyncSequenceQuery`, which the `queries` branch defines
// in Sources/OpenHealthKit/Queries with the same public API. Delete this file when that branch is merged.

/// A sample type and an optional predicate, typed by the sample class the query returns.
public struct HKSamplePredicate<Sample: HKSample>: Sendable {
    public let sampleType: HKSampleType
    public nonisolated(unsafe) let nsPredicate: NSPredicate?

    init(sampleType: HKSampleType, nsPredicate: NSPredicate?) {
        self.sampleType = sampleType
        self.nsPredicate = nsPredicate
    }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
    public static func quantitySample(type quantityType: HKQuantityType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKQuantitySample> {
        HKSamplePredicate(sampleType: quantityType, nsPredicate: predicate)
    }
}

/// A query descriptor that runs once with Swift concurrency and returns a snapshot of the matching results.
public protocol HKAsyncQuery {
    associatedtype Output
    func result(for healthStore: HKHealthStore) async throws -> Output
}

/// A query descriptor whose results arrive as an asynchronous sequence.
public protocol HKAsyncSequenceQuery {
    associatedtype Sequence: AsyncSequence
    func results(for healthStore: HKHealthStore) -> Sequence
}
