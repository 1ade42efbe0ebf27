public import Foundation

/// A quantity sample of a discrete type (heart rate, body mass): its values are averaged, not added.
///
/// The store returns this class from queries for discrete types; see ``HKQuantitySample``. With one value
/// (``HKQuantitySample/count`` is 1) the minimum, average, maximum and most recent quantities are all the quantity;
/// a sample built by ``HKQuantitySeriesSampleBuilder`` reports those of its quantities.
public final class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The smallest of the sample's quantities.
    public var minimumQuantity: HKQuantity { series.map { canonical($0.minimum) } ?? quantity }
    /// The average of the sample's quantities: its quantity.
    public var averageQuantity: HKQuantity { quantity }
    /// The largest of the sample's quantities.
    public var maximumQuantity: HKQuantity { series.map { canonical($0.maximum) } ?? quantity }
    /// The quantity that starts last.
    public var mostRecentQuantity: HKQuantity { series.map { canonical($0.mostRecent) } ?? quantity }
    /// The interval of ``mostRecentQuantity``: the sample's own interval for a sample of one quantity.
    public var mostRecentQuantityDateInterval: DateInterval {
        series?.mostRecentInterval ?? DateInterval(start: startDate, end: endDate)
    }

    private func canonical(_ value: Double) -> HKQuantity {
        HKQuantity(unit: quantityType.canonicalUnit, doubleValue: value)
    }
}
