import Foundation

// STUB (to be replaced by the units work): signatures only.

/// A unit of measure: HealthKit's unit-string grammar, algebra and conversions.
public final class HKUnit: NSObject, @unchecked Sendable {
    /// Parses a unit string; an invalid string raises, as `HKUnit(from:)` does in HealthKit.
    public convenience init(from string: String) { fatalError("stub") }
    /// Parses a unit string, throwing ``HKError`` `errorInvalidArgument` for an invalid one.
    public init(parsing string: String) throws { fatalError("stub") }
    /// A string that parses back to an equal unit.
    public var unitString: String { fatalError("stub") }
    /// Whether values convert between the two units (same dimension).
    package func isCompatible(with other: HKUnit) -> Bool { fatalError("stub") }
    /// `value` in this unit expressed in `other`, or nil if the units are incompatible.
    package func convert(_ value: Double, to other: HKUnit) -> Double? { fatalError("stub") }

    public static func count() -> HKUnit { fatalError("stub") }
    public static func minute() -> HKUnit { fatalError("stub") }
}
