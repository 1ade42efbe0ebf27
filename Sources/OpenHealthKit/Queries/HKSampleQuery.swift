public import Foundation
import OpenHealthKitEngine

/// The number meaning "no limit" for queries that take one.
public let HKObjectQueryNoLimit: Int = 0

/// A one-shot query for samples of a type matching a predicate, sorted, up to a limit.
///
/// Sort descriptors use `HKSampleSortIdentifierStartDate` / `EndDate` (and the workout sort identifiers) as keys.
open class HKSampleQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// The most samples to return; ``HKObjectQueryNoLimit`` (0) for all.
    public let limit: Int
    /// The order of the results, first descriptor first; nil for no particular order.
    public let sortDescriptors: [NSSortDescriptor]?
    private let resultsHandler: @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    /// The descriptors of a query over several types; nil for a query of ``HKQuery/objectType``.
    private let descriptors: [HKQueryDescriptor]?

    /// A query for up to `limit` samples of `sampleType` matching `predicate` (nil: every sample of the type), sorted
    /// by `sortDescriptors`; `resultsHandler` gets them once, or an error.
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.resultsHandler = resultsHandler
        descriptors = nil
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// A query for up to `limit` samples matching any of the descriptors, in no particular order.
    public convenience init(
        queryDescriptors: [HKQueryDescriptor], limit: Int,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.init(queryDescriptors: queryDescriptors, limit: limit, sort: nil, resultsHandler: resultsHandler)
    }

    /// A query for up to `limit` samples matching any of the descriptors, sorted by `sortDescriptors` across them.
    public convenience init(
        queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.init(
            queryDescriptors: queryDescriptors, limit: limit, sort: sortDescriptors, resultsHandler: resultsHandler)
    }

    private init(
        queryDescriptors: [HKQueryDescriptor], limit: Int, sort: [NSSortDescriptor]?,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        if queryDescriptors.isEmpty { raiseInvalidArgumentException("queryDescriptors must not be empty") }
        self.limit = limit
        sortDescriptors = sort
        self.resultsHandler = resultsHandler
        descriptors = queryDescriptors
        let single = queryDescriptors.count == 1 ? queryDescriptors[0] : nil
        super.init(objectType: single?.sampleType, predicate: single?.predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        queue.async { [self] in
            let result = Result { () throws -> [HKSample] in
                let sort = try RowSort.from(sortDescriptors)
                let limit = max(0, limit)
                guard let descriptors else {
                    return try backend.samples(
                        of: requiredSampleType(), predicate: predicateTree(), sort: sort, limit: limit)
                }
                // Each type's samples sorted and limited by the store, then merged in the same order.
                var samples: [HKSample] = []
                for filter in try descriptors.map({ try $0.filter() }) {
                    samples += try backend.samples(
                        of: filter.type, predicate: filter.predicate, sort: sort, limit: limit)
                }
                if !sort.isEmpty { samples.sort { RowSort.ordered($0, before: $1, by: sort) } }
                return limit > 0 ? Array(samples.prefix(limit)) : samples
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
