import Foundation

/// Archives an optional quantity as its value and unit string (NSSecureCoding of the prescription value classes).
enum VisionQuantityCoding {
    static func encode(_ quantity: HKQuantity?, forKey key: String, with coder: NSCoder) {
        guard let quantity else { return }
        coder.encode(quantity.value, forKey: key + ".value")
        coder.encode(quantity.unit.unitString as NSString, forKey: key + ".unit")
    }

    static func decode(forKey key: String, with coder: NSCoder) -> HKQuantity? {
        guard coder.containsValue(forKey: key + ".value"),
            let unit = coder.decodeObject(of: NSString.self, forKey: key + ".unit"),
            let parsed = try? HKUnit(parsing: unit as String)
        else { return nil }
        return HKQuantity(unit: parsed, doubleValue: coder.decodeDouble(forKey: key + ".value"))
    }
}

/// The units a prescription's values must be in, and their checks.
package enum VisionValidation {
    /// The powers a lens may have (sphere, cylinder; add power from 0), in diopters. HealthKit documents the usual
    /// ranges (sphere -10.5 to +6.5, cylinder -3 to 3, add 0.25 to 2.5) but real prescriptions go beyond them (high
    /// myopia past -20 D), so only powers no lens has are refused: the strongest spectacle lenses are about ±30 D.
    package static let lensPowers = -50.0...50.0

    /// The lengths of a prescription (vertex and pupillary distances, a contact lens's base curve and diameter), in
    /// millimetres: from 0 to a metre, far beyond any of them.
    package static let lensLengths = 0.0...1_000.0

    /// A quantity of `kind` (`D` diopters, `pD` prism diopters, an angle, a length), finite.
    package static func check(_ quantity: HKQuantity?, _ name: String, compatibleWith unit: HKUnit) throws(HKError) {
        guard let quantity else { return }
        guard quantity.is(compatibleWith: unit) else {
            throw HKError.invalidArgument(
                "\(name) must be compatible with \(unit.unitString), not \(quantity.unit.unitString)")
        }
        guard quantity.value.isFinite else { throw HKError.invalidArgument("\(name) must be a finite number") }
    }

    /// A quantity whose value in `unit` lies in `range`.
    package static func check(
        _ quantity: HKQuantity?, _ name: String, in unit: HKUnit, _ range: ClosedRange<Double>
    ) throws(HKError) {
        try check(quantity, name, compatibleWith: unit)
        guard let value = try? quantity?.convertedValue(to: unit) else { return }
        guard range.contains(value) else {
            throw HKError.invalidArgument(
                "\(name) \(value) \(unit.unitString) is out of range (\(range.lowerBound)...\(range.upperBound))")
        }
    }
}
