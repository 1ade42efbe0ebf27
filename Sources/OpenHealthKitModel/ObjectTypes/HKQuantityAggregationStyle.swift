/// How the values of a quantity type combine into statistics.
public enum HKQuantityAggregationStyle: Int, Sendable, CaseIterable {
    /// Values add up over time (steps, energy, distance).
    case cumulative = 0
    /// A plain average of the values (body mass, blood glucose).
    case discreteArithmetic = 1
    /// An average weighted by the time each value holds (heart rate).
    case discreteTemporallyWeighted = 2
    /// The energy average of sound levels (IEC 61672-1).
    case discreteEquivalentContinuousLevel = 3

    /// The former name of ``discreteArithmetic``.
    @available(*, deprecated, renamed: "discreteArithmetic")
    public static var discrete: HKQuantityAggregationStyle { .discreteArithmetic }
}
