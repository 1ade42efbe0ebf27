public import Foundation
import OpenHealthKitEngine

/// A one-shot sample query for Swift concurrency: the samples matching any of the predicates, sorted, up to a limit.
public struct HKSampleQueryDescriptor<Sample: HKSample>: HKAsyncQuery, Sendable {
    /// One predicate per type of samples to read.
    public var predicates: [HKSamplePredicate<Sample>]
    /// The order of the results; empty for no particular order.
    public var sortDescriptors: [SortDescriptor<Sample>]
    /// The most samples to return; nil for all.
    public var limit: Int?
    /// What ``result(for:)`` returns: the matching samples.
    public typealias Output = [Sample]

    /// A query for up to `limit` samples (nil: all) matching any of `predicates`, sorted by `sortDescriptors`.
    public init(predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>], limit: Int? = nil) {
        self.predicates = predicates
        self.sortDescriptors = sortDescriptors
        self.limit = limit
    }

    /// Reads the matching samples the app may see.
    public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
        let filters = try predicates.map { try $0.filter() }
        let sortDescriptors = sortDescriptors
        let limit = max(0, limit ?? HKObjectQueryNoLimit)
        return try await healthStore.perform { [backend = healthStore.backend] in
            // The store sorts and limits each type's samples when it can order by the descriptors; the rest happens here.
            let storeSort = RowSort.from(sortDescriptors)
            var samples: [Sample] = []
            for filter in filters {
                samples += try backend.samples(
                    of: filter.type, predicate: filter.predicate, sort: storeSort ?? [],
                    limit: storeSort == nil ? 0 : limit
                ).compactMap { $0 as? Sample }
            }
            if !sortDescriptors.isEmpty, storeSort == nil || filters.count > 1 { samples.sort(using: sortDescriptors) }
            if limit > 0, samples.count > limit { samples.removeLast(samples.count - limit) }
            return samples
        }
    }
}
