public import Foundation
import OpenHealthKitEngine

/// A one-shot query for the statistics of every matching quantity sample: a sum for a cumulative type; an average,
/// minimum or maximum for a discrete one; the most recent value or the time covered for either.
///
/// Options that do not fit the type's aggregation style raise an exception here, as in HealthKit. When no sample
/// matches, the handler gets `errorNoData` ("No data available for the specified predicate.") and no statistics.
/// A plain date-range predicate also clips interval samples to its dates (see docs/STATISTICS.md).
open class HKStatisticsQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let options: HKStatisticsOptions
    private let completionHandler: @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

    /// A query for the statistics of the samples of `quantityType` matching `quantitySamplePredicate` (nil: every
    /// sample); `completionHandler` gets them once, or an error. Options that do not fit the type raise.
    public init(
        quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
        completionHandler: @escaping @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void
    ) {
        raiseIfInvalid { try options.validate(for: quantityType) }
        self.options = options
        self.completionHandler = completionHandler
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        queue.async { [self] in
            let result = Result { () throws -> HKStatistics? in
                let type = try requiredQuantityType()
                let request = StatisticsRequest(type: type, predicate: try predicateTree(), options: options)
                return try backend.statistics(request).singleStatistics(type: type, options: options)
            }.mapError(HKError.init(wrapping:))
            guard !isStopped else { return }
            switch result {
            case .success(let statistics?): completionHandler(self, statistics, nil)
            case .success(nil): completionHandler(self, nil, HKError.noStatisticsData)
            case .failure(let error): completionHandler(self, nil, error)
            }
        }
        return nil
    }
}
