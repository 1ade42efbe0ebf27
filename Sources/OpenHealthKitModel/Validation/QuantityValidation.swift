import Foundation

/// The checks on a quantity: its unit has the expected dimension and its value is a finite number.
package enum QuantityValidation {
    /// Validates a sample's quantity against its type's dimension.
    package static func validate(_ quantity: HKQuantity, for type: HKQuantityType) throws(HKError) {
        try validate(quantity, compatibleWith: type.canonicalUnit, label: type.identifier)
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
