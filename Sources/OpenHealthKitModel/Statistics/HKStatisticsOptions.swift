import Foundation

/// Which statistics a statistics query calculates, and whether it keeps sources apart.
///
/// The discrete options (average, minimum, maximum) apply to discrete quantity types, `cumulativeSum` to cumulative
/// ones; asking for the other kind is refused, as in HealthKit. `mostRecent` and `duration` apply to both, and
/// `separateBySource` combines with any option.
public struct HKStatisticsOptions: OptionSet, Hashable, Sendable {
    /// The options' bits, HealthKit's raw values.
    public let rawValue: UInt

    /// The options with these bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Also calculate each statistic for every source on its own (`sumQuantity(for:)` and the other `for:` forms).
    public static let separateBySource = HKStatisticsOptions(rawValue: 1 << 0)
    /// The average value (discrete types).
    public static let discreteAverage = HKStatisticsOptions(rawValue: 1 << 1)
    /// The smallest value (discrete types).
    public static let discreteMin = HKStatisticsOptions(rawValue: 1 << 2)
    /// The largest value (discrete types).
    public static let discreteMax = HKStatisticsOptions(rawValue: 1 << 3)
    /// The total (cumulative types).
    public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
    /// The value of the sample that ends last, and its date interval.
    public static let mostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    /// The time the samples cover, counting overlapping time once.
    public static let duration = HKStatisticsOptions(rawValue: 1 << 6)

    /// The former name of ``mostRecent``.
    @available(*, deprecated, renamed: "mostRecent")
    public static var discreteMostRecent: HKStatisticsOptions { .mostRecent }
}

extension HKStatisticsOptions {
    private static let discreteOnly: HKStatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax]

    /// Refuses options that do not fit the type's aggregation style, with HealthKit's reasoning: a discrete statistic
    /// of a cumulative type, or a sum of a discrete type. The Apple-shaped queries raise this; the engine throws it.
    package func validate(for type: HKQuantityType) throws {
        if type.aggregationStyle == .cumulative {
            if !isDisjoint(with: Self.discreteOnly) {
                throw HKError.invalidArgument(
                    "Statistics option \(Self.names(intersection(Self.discreteOnly))) is not compatible with cumulative data type \(type.identifier)"
                )
            }
        } else if contains(.cumulativeSum) {
            throw HKError.invalidArgument(
                "Statistics option cumulativeSum is not compatible with discrete data type \(type.identifier)")
        }
    }

    private static func names(_ options: HKStatisticsOptions) -> String {
        [
            (HKStatisticsOptions.discreteAverage, "discreteAverage"), (.discreteMin, "discreteMin"),
            (.discreteMax, "discreteMax"),
        ]
        .filter { options.contains($0.0) }.map(\.1).joined(separator: ", ")
    }
}
