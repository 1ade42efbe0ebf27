import Foundation

// STUB (to be replaced by the units work): signatures only.

/// An amount with a unit.
public final class HKQuantity: NSObject, @unchecked Sendable {
    public init(unit: HKUnit, doubleValue: Double) { fatalError("stub") }
    public func `is`(compatibleWith unit: HKUnit) -> Bool { fatalError("stub") }
    /// The value in `unit`; an incompatible unit raises, as in HealthKit.
    public func doubleValue(for unit: HKUnit) -> Double { fatalError("stub") }
    /// The value in `unit`, throwing ``HKError`` `errorInvalidArgument` for an incompatible unit.
    public func convertedValue(to unit: HKUnit) throws -> Double { fatalError("stub") }
    public func compare(_ quantity: HKQuantity) -> ComparisonResult { fatalError("stub") }
}
