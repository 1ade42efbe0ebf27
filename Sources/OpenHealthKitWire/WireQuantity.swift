import Foundation
public import OpenHealthKitModel

/// A quantity: `{"value": 72, "unit": "count/min"}`, the unit as an `HKUnit` unit string.
public struct WireQuantity: Codable, Sendable, Hashable {
    /// The value, in ``unit``.
    public var value: Double
    /// The unit string, e.g. `count/min`, `kg`, `degC`.
    public var unit: String

    /// A quantity of `value` in the unit named by `unit`.
    public init(value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }

    /// The wire form of a quantity, in its own unit.
    public init(_ quantity: HKQuantity) {
        self.init(value: quantity.value, unit: quantity.unit.unitString)
    }

    /// The quantity; a unit string HealthKit does not know, or a value that is not finite, is an invalid argument.
    public func quantity() throws -> HKQuantity {
        guard value.isFinite else {
            throw HKError.invalidArgument("The quantity value \(value) is not a finite number")
        }
        return HKQuantity(unit: try HKUnit(parsing: unit), doubleValue: value)
    }
}
