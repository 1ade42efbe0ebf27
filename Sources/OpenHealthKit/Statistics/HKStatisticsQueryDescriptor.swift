import Foundation
import OpenHealthKitEngine

/// The Swift-concurrency form of ``HKStatisticsQuery``: the statistics of every matching quantity sample.
///
/// ```swift
/// let today = HKQuery.predicateForSamples(withStart: midnight, end: nil)
/// let descriptor = HKStatisticsQueryDescriptor(
///     predicate: .quantitySample(type: HKQuantityType(.stepCount), predicate: today), options: .cumulativeSum)
/// let steps = try await descriptor.result(for: store)?.sumQuantity()
/// ```
public struct HKStatisticsQueryDescriptor: Sendable {
    /// The samples to calculate.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// The statistics to calculate.
    public var options: HKStatisticsOptions
    /// What ``result(for:)`` returns: the statistics, or nil when no sample matches.
    public typealias Output = HKStatistics?

    /// A statistics query of `predicate`'s samples.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions) {
        self.predicate = predicate
        self.options = options
    }

    /// The statistics, or nil when no sample matches. Options that do not fit the type throw `errorInvalidArgument`.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? {
        let request: StatisticsRequest
        do {
            request = try predicate.statisticsRequest(options: options)
        } catch {
            throw HKError(wrapping: error)
        }
        return try await healthStore.perform { [backend = healthStore.backend] in
            try backend.statistics(request).singleStatistics(type: request.type, options: request.options)
        }
    }
}

extension HKStatisticsQueryDescriptor: HKAsyncQuery {}
