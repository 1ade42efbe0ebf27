import Foundation

/// A quantity sample of a cumulative type (steps, energy, distance): its values add up.
///
/// The store returns this class from queries for cumulative types; see ``HKQuantitySample``.
public class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The sum of the sample's quantities: its quantity.
    public var sumQuantity: HKQuantity { quantity }
}
