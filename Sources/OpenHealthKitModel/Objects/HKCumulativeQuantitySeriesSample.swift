import Foundation

/// A cumulative quantity sample holding several quantities, as ``HKQuantitySeriesSampleBuilder`` builds them; the
/// store returns this class for such samples. Its quantity is their sum.
///
/// HealthKit deprecated this class in favour of ``HKCumulativeQuantitySample`` (its superclass): code that checks
/// `as? HKCumulativeQuantitySample` works on it.
public final class HKCumulativeQuantitySeriesSample: HKCumulativeQuantitySample, @unchecked Sendable {
    /// The sum of the sample's quantities (``HKCumulativeQuantitySample/sumQuantity``).
    public var sum: HKQuantity { sumQuantity }
}
