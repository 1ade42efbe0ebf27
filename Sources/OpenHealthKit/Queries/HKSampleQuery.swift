public import Foundation
import OpenHealthKitEngine

/// The number meaning "no limit" for queries that take one.
public let HKObjectQueryNoLimit: Int = 0

/// A one-shot query for samples of a type matching a predicate (or of several types, each with its own predicate),
/// sorted, up to a limit.
///
/// Sort descriptors use `HKSampleSortIdentifierStartDate` / `EndDate` (and the workout sort identifiers) as keys.
open class HKSampleQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// The most samples to return; ``HKObjectQueryNoLimit`` (0) for all.
    public let limit: Int
    /// The order of the results, first descriptor first; nil for no particular order.
    public let sortDescriptors: [NSSortDescriptor]?
    private let descriptors: [HKQueryDescriptor]
    private let resultsHandler: @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    /// A query for up to `limit` samples of `sampleType` matching `predicate` (nil: every sample of the type), sorted
    /// by `sortDescriptors`; `resultsHandler` gets them once, or an error.
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        descriptors = [HKQueryDescriptor(sampleType: sampleType, predicate: predicate)]
        (self.limit, self.sortDescriptors, self.resultsHandler) = (limit, sortDescriptors, resultsHandler)
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// A query for up to `limit` samples matching any of the descriptors, in no particular order.
    public init(
        queryDescriptors: [HKQueryDescriptor], limit: Int,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        descriptors = queryDescriptors.requiredByQuery()
        (self.limit, sortDescriptors, self.resultsHandler) = (limit, nil, resultsHandler)
        super.init(objectType: queryDescriptors.single?.sampleType, predicate: queryDescriptors.single?.predicate)
    }

    /// A query for up to `limit` samples matching any of the descriptors (each sample once), sorted by
    /// `sortDescriptors` across all of them. An empty list of descriptors raises, as in HealthKit.
    public init(
        queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        descriptors = queryDescriptors.requiredByQuery()
        (self.limit, self.sortDescriptors, self.resultsHandler) = (limit, sortDescriptors, resultsHandler)
        super.init(objectType: queryDescriptors.single?.sampleType, predicate: queryDescriptors.single?.predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        queue.async { [self] in
            let result = Result { () throws -> [HKSample] in try read(from: backend) }
            guard !isStopped else { return }
            switch result {
            case .success(let samples): resultsHandler(self, samples, nil)
            case .failure(let error): resultsHandler(self, nil, HKError(wrapping: error))
            }
        }
        return nil
    }

    /// Each descriptor's samples, sorted and limited by the store; several descriptors' are merged here: each sample
    /// once, in the descriptors' order, within the limit.
    private func read(from backend: any HealthStoreBackend) throws -> [HKSample] {
        let filters = try descriptors.map { try $0.filter() }
        let sort = try RowSort.from(sortDescriptors), limit = max(0, limit)
        // One descriptor's samples are the store's answer as it is: its rows have distinct UUIDs.
        if filters.count == 1 {
            return try backend.samples(of: filters[0].type, predicate: filters[0].predicate, sort: sort, limit: limit)
        }
        var samples: [HKSample] = []
        var seen = Set<UUID>()
        for filter in filters {
            for sample in try backend.samples(of: filter.type, predicate: filter.predicate, sort: sort, limit: limit)
            where seen.insert(sample.uuid).inserted {
                samples.append(sample)
            }
        }
        if !sort.isEmpty { samples.sort { RowSort.orders($0, before: $1, by: sort) } }
        return limit > 0 ? Array(samples.prefix(limit)) : samples
    }
}
