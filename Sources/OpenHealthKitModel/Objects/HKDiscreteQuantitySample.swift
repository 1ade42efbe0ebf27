public import Foundation

/// A quantity sample of a discrete type (heart rate, body mass): its values are averaged, not added.
///
/// The store returns this class from queries for discrete types; see ``HKQuantitySample``. With one value
/// (``HKQuantitySample/count`` is 1) the minimum, average, maximum and most recent quantities are all the quantity.
public final class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The smallest value: the quantity, for a sample of one value.
    public var minimumQuantity: HKQuantity { quantity }
    /// The average value: the quantity, for a sample of one value.
    public var averageQuantity: HKQuantity { quantity }
    /// The largest value: the quantity, for a sample of one value.
    public var maximumQuantity: HKQuantity { quantity }
    /// The latest value: the quantity, for a sample of one value.
    public var mostRecentQuantity: HKQuantity { quantity }
    /// The interval of the most recent value: the sample's own interval.
    public var mostRecentQuantityDateInterval: DateInterval { DateInterval(start: startDate, end: endDate) }
}
