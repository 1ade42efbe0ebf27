public import Foundation
import OpenHealthKitEngine

/// The number meaning "no limit" for queries that take one.
public let HKObjectQueryNoLimit: Int = 0

/// A one-shot query for samples of a type matching a predicate, sorted, up to a limit.
///
/// Sort descriptors use `HKSampleSortIdentifierStartDate` / `EndDate` (and the workout sort identifiers) as keys.
public final class HKSampleQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// The most samples to return; ``HKObjectQueryNoLimit`` (0) for all.
    public let limit: Int
    /// The order of the results, first descriptor first; nil for no particular order.
    public let sortDescriptors: [NSSortDescriptor]?
    private let resultsHandler: @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    /// A query for up to `limit` samples of `sampleType` matching `predicate` (nil: every sample of the type), sorted
    /// by `sortDescriptors`; `resultsHandler` gets them once, or an error.
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.resultsHandler = resultsHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        queue.async { [self] in
            let result = Result { () throws -> [HKSample] in
                try backend.samples(
                    of: requiredSampleType(), predicate: predicateTree(), sort: try RowSort.from(sortDescriptors),
                    limit: max(0, limit))
            }
            guard !isStopped else { return }
            switch result {
            case .success(let samples): resultsHandler(self, samples, nil)
            case .failure(let error): resultsHandler(self, nil, HKError(wrapping: error))
            }
        }
        return nil
    }
}
