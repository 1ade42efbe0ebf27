import Foundation

/// The checks on a quantity: its unit has the expected dimension and its value is a finite number.
package enum QuantityValidation {
    /// Validates a sample's quantity against its type's dimension.
    package static func validate(_ quantity: HKQuantity, for type: HKQuantityType) throws(HKError) {
        let canonical = type.canonicalUnit
        try validate(quantity, compatibleWith: canonical, label: type.identifier)
        guard quantity.value >= 0 || allowsNegativeValues(canonical) else {
            throw .invalidArgument("\(type.identifier) requires a value of zero or more. Invalid quantity: \(quantity)")
        }
        if canonical == soundLevel, abs(quantity.doubleValue(for: canonical)) > maximumSoundLevel {
            throw .invalidArgument(
                "\(type.identifier) requires a level of at most \(Int(maximumSoundLevel)) dB. Invalid quantity: \(quantity)"
            )
        }
    }

    /// The largest magnitude a value may have in its type's canonical unit (or a workout total in its unit): many
    /// orders above anything a body or a workout produces in any type, and small enough that sums, means and
    /// time-weighted sums (value × seconds) of any number of samples a store can hold stay finite.
    package static let maximumMagnitude = 1e15

    /// The largest sound level, in dB: the time-weighted mean of levels averages their energy, 10^(level/10), which
    /// must stay finite (and 500 dB is far beyond any sound on Earth).
    package static let maximumSoundLevel = 500.0

    /// Counts, rates, masses and durations are never negative; only temperatures (a wrist temperature is a
    /// deviation, water can be below 0 °C) and logarithmic sound levels can be (by their type's `canonical` unit).
    private static func allowsNegativeValues(_ canonical: HKUnit) -> Bool {
        canonical == celsius || canonical == soundLevel
    }

    // Made once: every sample of a save is checked against them.
    private static let celsius = HKUnit.degreeCelsius()
    private static let soundLevel = HKUnit.decibelAWeightedSoundPressureLevel()

    /// Validates `quantity` against `unit`'s dimension; `label` names what the quantity is for in messages.
    package static func validate(_ quantity: HKQuantity, compatibleWith unit: HKUnit, label: String) throws(HKError) {
        guard quantity.is(compatibleWith: unit) else {
            throw .invalidArgument(
                "\(label) requires a unit compatible with \(unit.unitString). Incompatible quantity: \(quantity)")
        }
        let value = quantity.doubleValue(for: unit)
        guard value.isFinite else {
            throw .invalidArgument("\(label) requires a finite value. Invalid quantity: \(quantity)")
        }
        guard abs(value) <= maximumMagnitude else {
            throw .invalidArgument(
                "\(label) requires a value of magnitude at most 1e15 \(unit.unitString). Invalid quantity: \(quantity)")
        }
    }
}
