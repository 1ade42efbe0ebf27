import Foundation
import OpenHealthKitEngine

extension StatisticsResult {
    /// The statistics of a statistics query: nil when no sample matched.
    func singleStatistics(type: HKQuantityType, options: HKStatisticsOptions) -> HKStatistics? {
        buckets.first.map {
            HKStatistics(
                type: type, start: $0.start, end: $0.end, bucket: $0,
                separateBySource: options.contains(.separateBySource))
        }
    }
}

extension HKError {
    /// What a statistics query reports when no sample matches, with HealthKit's message.
    static let noStatisticsData = HKError(.errorNoData, "No data available for the specified predicate.")
}

extension HKQuery {
    /// The query's quantity type: statistics need one.
    func requiredQuantityType() throws -> HKQuantityType {
        guard let type = objectType as? HKQuantityType else {
            throw HKError.invalidArgument("\(objectType?.identifier ?? "nil") is not a quantity type")
        }
        return type
    }
}

/// Raises HealthKit's exception when `check` fails: the Apple-shaped statistics queries refuse options that do not
/// fit their type as they are built, where the descriptors and the engine throw.
func raiseIfInvalid(_ check: () throws -> Void) {
    do {
        try check()
    } catch {
        raiseInvalidArgumentException(HKError(wrapping: error).message)
    }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
    /// The engine request of a statistics descriptor built on this predicate.
    func statisticsRequest(options: HKStatisticsOptions, intervals: StatisticsIntervals? = nil) throws
        -> StatisticsRequest
    {
        guard let type = sampleType as? HKQuantityType else {
            throw HKError.invalidArgument("\(sampleType.identifier) is not a quantity type")
        }
        let tree = try nsPredicate.map { try PredicateCondition.tree(from: $0) }
        return StatisticsRequest(type: type, predicate: tree, options: options, intervals: intervals)
    }
}
