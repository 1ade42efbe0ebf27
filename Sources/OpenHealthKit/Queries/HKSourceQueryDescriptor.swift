import Foundation
import OpenHealthKitEngine

/// A one-shot source query for Swift concurrency: the apps and devices that saved samples matching the predicate.
public struct HKSourceQueryDescriptor<Sample: HKSample>: HKAsyncQuery, Sendable {
    /// The samples whose sources to list.
    public var predicate: HKSamplePredicate<Sample>
    /// What ``result(for:)`` returns: the sources.
    public typealias Output = [HKSource]

    /// A query for the sources of the samples matching `predicate`.
    public init(predicate: HKSamplePredicate<Sample>) {
        self.predicate = predicate
    }

    /// The sources of the matching samples the app may see, by name.
    public func result(for healthStore: HKHealthStore) async throws -> [HKSource] {
        let filter = try predicate.filter()
        return try await healthStore.perform { [backend = healthStore.backend] in
            try backend.sources(of: filter.type, predicate: filter.predicate)
                .sorted { ($0.name, $0.bundleIdentifier) < ($1.name, $1.bundleIdentifier) }
        }
    }
}
