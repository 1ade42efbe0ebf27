public import Foundation

/// An amount in a unit, such as 72 count/min, immutable. Read it in any compatible unit:
/// ```swift
/// let weight = HKQuantity(unit: .pound(), doubleValue: 150)
/// weight.doubleValue(for: .gramUnit(with: .kilo))  // 68.0388555
/// ```
public final class HKQuantity: NSObject, NSSecureCoding, @unchecked Sendable {
    package let unit: HKUnit
    package let value: Double

    /// A quantity of `value` in `unit`.
    public init(unit: HKUnit, doubleValue value: Double) {
        self.unit = unit
        self.value = value
        super.init()
    }

    /// Whether the quantity can be read in `unit` (same dimension).
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        self.unit.isCompatible(with: unit)
    }

    /// The value in `unit`; an incompatible unit raises `NSInvalidArgumentException`, as in HealthKit.
    public func doubleValue(for unit: HKUnit) -> Double {
        converted(to: unit).getOrRaise()
    }

    /// The value in `unit`, throwing ``HKError`` `errorInvalidArgument` for an incompatible unit.
    public func convertedValue(to unit: HKUnit) throws -> Double {
        try converted(to: unit).get()
    }

    /// How this quantity compares with another, read in this quantity's unit; incompatible units raise
    /// `NSInvalidArgumentException`, as in HealthKit.
    public func compare(_ quantity: HKQuantity) -> ComparisonResult {
        comparison(with: quantity).getOrRaise()
    }

    /// ``compare(_:)``, throwing ``HKError`` `errorInvalidArgument` for incompatible units.
    package func compared(with quantity: HKQuantity) throws -> ComparisonResult {
        try comparison(with: quantity).get()
    }

    /// Equal quantities have equal units and values: 1 kg is not equal to 1000 g, though they compare the same.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQuantity else { return false }
        return other.unit == unit && other.value == value
    }

    /// The hash of the unit and the value.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(unit)
        hasher.combine(value)
        return hasher.finalize()
    }

    /// The value and the unit string, such as `72 count/min`.
    public override var description: String {
        "\(value.unitStringDescription) \(unit.unitString)"
    }

    // MARK: NSSecureCoding

    /// Quantities are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the value and the unit.
    public func encode(with coder: NSCoder) {
        coder.encode(value, forKey: "value")
        coder.encode(unit, forKey: "unit")
    }

    /// Unarchives a quantity; nil without a unit.
    public init?(coder: NSCoder) {
        guard let unit = coder.decodeIfPresent(HKUnit.self, forKey: "unit") else { return nil }
        self.unit = unit
        value = coder.decodeDouble(forKey: "value")
        super.init()
    }

    private func converted(to target: HKUnit) -> Result<Double, HKError> {
        guard let converted = unit.convert(value, to: target) else {
            return .failure(
                .invalidArgument("Attempt to convert incompatible units: \(unit.unitString), \(target.unitString)"))
        }
        return .success(converted)
    }

    private func comparison(with quantity: HKQuantity) -> Result<ComparisonResult, HKError> {
        quantity.converted(to: unit).map { other in
            if value < other { return .orderedAscending }
            if value > other { return .orderedDescending }
            return .orderedSame
        }
    }
}
