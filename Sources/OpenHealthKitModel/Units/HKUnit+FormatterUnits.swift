public import Foundation

/// Bridging to Foundation's formatter units, with HealthKit's mappings (`Cal` and `kcal` both map to
/// `.kilocalorie`, `.calorie` to the small calorie `cal`).
extension HKUnit {
    /// The unit equal to a mass formatter unit.
    public convenience init(from massFormatterUnit: MassFormatter.Unit) {
        self.init(definition: Self.unit(for: massFormatterUnit, in: Self.massFormatterUnits).definition)
    }

    /// The unit equal to a mass formatter unit: the Swift 2 spelling of ``init(from:)``.
    @available(*, deprecated, renamed: "init(from:)")
    public convenience init(fromMassFormatterUnit massFormatterUnit: MassFormatter.Unit) {
        self.init(from: massFormatterUnit)
    }

    /// The formatter unit equal to `unit`; a unit with none raises, as in HealthKit.
    public class func massFormatterUnit(from unit: HKUnit) -> MassFormatter.Unit {
        formatterUnit(for: unit, in: massFormatterUnits, named: "NSMassFormatterUnit")
    }

    /// The unit equal to a length formatter unit.
    public convenience init(from lengthFormatterUnit: LengthFormatter.Unit) {
        self.init(definition: Self.unit(for: lengthFormatterUnit, in: Self.lengthFormatterUnits).definition)
    }

    /// The unit equal to a length formatter unit: the Swift 2 spelling of ``init(from:)``.
    @available(*, deprecated, renamed: "init(from:)")
    public convenience init(fromLengthFormatterUnit lengthFormatterUnit: LengthFormatter.Unit) {
        self.init(from: lengthFormatterUnit)
    }

    /// The formatter unit equal to `unit`; a unit with none raises, as in HealthKit.
    public class func lengthFormatterUnit(from unit: HKUnit) -> LengthFormatter.Unit {
        formatterUnit(for: unit, in: lengthFormatterUnits, named: "NSLengthFormatterUnit")
    }

    /// The unit equal to an energy formatter unit (`.kilocalorie` is `kcal`, `.calorie` is `cal`).
    public convenience init(from energyFormatterUnit: EnergyFormatter.Unit) {
        self.init(definition: Self.unit(for: energyFormatterUnit, in: Self.energyFormatterUnits).definition)
    }

    /// The unit equal to an energy formatter unit: the Swift 2 spelling of ``init(from:)``.
    @available(*, deprecated, renamed: "init(from:)")
    public convenience init(fromEnergyFormatterUnit energyFormatterUnit: EnergyFormatter.Unit) {
        self.init(from: energyFormatterUnit)
    }

    /// The formatter unit equal to `unit`; a unit with none raises, as in HealthKit.
    public class func energyFormatterUnit(from unit: HKUnit) -> EnergyFormatter.Unit {
        formatterUnit(for: unit, in: energyFormatterUnits, named: "NSEnergyFormatterUnit")
    }

    private static var massFormatterUnits: [(MassFormatter.Unit, HKUnit)] {
        [(.gram, gram()), (.kilogram, gramUnit(with: .kilo)), (.ounce, ounce()), (.pound, pound()), (.stone, stone())]
    }

    private static var lengthFormatterUnits: [(LengthFormatter.Unit, HKUnit)] {
        [
            (.millimeter, meterUnit(with: .milli)), (.centimeter, meterUnit(with: .centi)), (.meter, meter()),
            (.kilometer, meterUnit(with: .kilo)), (.inch, inch()), (.foot, foot()), (.yard, yard()), (.mile, mile()),
        ]
    }

    private static var energyFormatterUnits: [(EnergyFormatter.Unit, HKUnit)] {
        [
            (.joule, joule()), (.kilojoule, jouleUnit(with: .kilo)), (.calorie, smallCalorie()),
            (.kilocalorie, kilocalorie()), (.kilocalorie, largeCalorie()),
        ]
    }

    private static func unit<FormatterUnit: RawRepresentable & Equatable>(
        for formatterUnit: FormatterUnit, in table: [(FormatterUnit, HKUnit)]
    ) -> HKUnit {
        guard let match = table.first(where: { $0.0 == formatterUnit }) else {
            raiseInvalidArgumentException("No unit for \(FormatterUnit.self) \(formatterUnit.rawValue)")
        }
        return match.1
    }

    private static func formatterUnit<FormatterUnit>(
        for unit: HKUnit, in table: [(FormatterUnit, HKUnit)], named name: String
    ) -> FormatterUnit {
        guard let match = table.first(where: { $0.1 == unit }) else {
            raiseInvalidArgumentException("No mapping for unit \(unit.unitString) to \(name)")
        }
        return match.0
    }
}
