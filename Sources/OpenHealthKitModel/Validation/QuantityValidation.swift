import Foundation

/// The checks on a quantity: its unit has the expected dimension and its value is a finite number.
package enum QuantityValidation {
    /// Validates a sample's quantity against its type's dimension.
    package static func validate(_ quantity: HKQuantity, for type: HKQuantityType) throws(HKError) {
        try validate(quantity, compatibleWith: type.canonicalUnit, label: type.identifier)
        guard quantity.value >= 0 || allowsNegativeValues(type) else {
            throw .invalidArgument("\(type.identifier) requires a value of zero or more. Invalid quantity: \(quantity)")
        }
    }

    /// Counts, rates, masses and durations are never negative; only temperatures (a wrist temperature is a
    /// deviation, water can be below 0 °C) and logarithmic sound levels can be.
    private static func allowsNegativeValues(_ type: HKQuantityType) -> Bool {
        type.canonicalUnit == .degreeCelsius() || type.canonicalUnit == .decibelAWeightedSoundPressureLevel()
    }

    /// Validates `quantity` against `unit`'s dimension; `label` names what the quantity is for in messages.
    package static func validate(_ quantity: HKQuantity, compatibleWith unit: HKUnit, label: String) throws(HKError) {
        guard quantity.is(compatibleWith: unit) else {
            throw .invalidArgument("\(label) requires a unit compatible with \(unit.unitString). Incompatible quantity: \(quantity)")
        }
        guard quantity.doubleValue(for: unit).isFinite else {
            throw .invalidArgument("\(label) requires a finite value. Invalid quantity: \(quantity)")
        }
    }
}
