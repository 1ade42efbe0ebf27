import OpenHealthKit
import OpenHealthKitEngine

/// A statistic `hk stats` prints: the sum of a cumulative type; the average, minimum, maximum and most recent value
/// of a discrete one. The raw value is its JSON key and column name.
enum StatisticsField: String {
    case sum, average, min, max, mostRecent

    /// The statistics that fit `type`'s aggregation style.
    static func fields(for type: HKQuantityType) -> [StatisticsField] {
        type.aggregationStyle == .cumulative ? [.sum] : [.average, .min, .max, .mostRecent]
    }

    /// The engine's option computing this statistic.
    var option: HKStatisticsOptions {
        switch self {
        case .sum: .cumulativeSum
        case .average: .discreteAverage
        case .min: .discreteMin
        case .max: .discreteMax
        case .mostRecent: .mostRecent
        }
    }

    /// This statistic in `values` (the type's canonical unit), nil when there is no data.
    func value(in values: StatisticsValues) -> Double? {
        switch self {
        case .sum: values.sum
        case .average: values.average
        case .min: values.minimum
        case .max: values.maximum
        case .mostRecent: values.mostRecent
        }
    }
}
