public import Foundation

/// A unit of measure: a root such as `g`, `count` or `mmHg`, an SI root with a metric prefix (`kg`, `mL`),
/// or a compound of them (`count/min`, `mg/dL`, `mL/min·kg`).
///
/// Make one from a unit string or a factory, combine units with the math methods, and convert values
/// between compatible units through ``HKQuantity``:
/// ```swift
/// let glucose = HKQuantity(unit: HKUnit(from: "mmol<180.15588000005408>/L"), doubleValue: 5.5)
/// glucose.doubleValue(for: HKUnit(from: "mg/dL"))  // 99.08573...
/// ```
/// Two units are equal when they have the same factors, however they were written:
/// `kg.m^-1.s^-2` equals `kg/(m.s^2)`.
public final class HKUnit: NSObject, NSSecureCoding, @unchecked Sendable {
    package let definition: UnitDefinition

    package init(definition: UnitDefinition) {
        self.definition = definition
        super.init()
    }

    /// The unit a unit string describes, such as `"count/min"`, `"kg"` or `"m/s^2"`.
    ///
    /// An invalid string raises `NSInvalidArgumentException`, as in HealthKit; code that handles strings
    /// from outside uses ``init(parsing:)``.
    public convenience init(from string: String) {
        self.init(definition: UnitDefinitionCache.shared.definition(parsing: string).getOrRaise())
    }

    /// The unit a unit string describes: the Swift 2 spelling of ``init(from:)`` (HealthKit's `unitFromString:`),
    /// raising as it does for an invalid string.
    @available(*, deprecated, renamed: "init(from:)")
    public convenience init(fromString string: String) {
        self.init(from: string)
    }

    /// The unit a unit string describes, throwing ``HKError`` `errorInvalidArgument` naming the problem
    /// for an invalid one.
    public convenience init(parsing string: String) throws {
        self.init(definition: try UnitDefinitionCache.shared.definition(parsing: string).get())
    }

    /// A string that parses back to an equal unit: `"count/min"`, `"mg/dL"`, `"mL/min·kg"`, `"1/s"`,
    /// and `"()"` for the null unit.
    public var unitString: String { definition.unitString }

    /// Whether every factor cancelled out, as in `L/L`.
    ///
    /// Only identical factors cancel (as in HealthKit's implementation): `dL/L` keeps both factors and is
    /// not null, although it is dimensionless.
    public func isNull() -> Bool { definition.isNull }

    /// Units are equal when they have the same definition: `g` and `kg` are not equal, though they convert.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKUnit else { return false }
        return other === self || other.definition == definition
    }

    /// The hash of the unit's definition.
    public override var hash: Int { definition.hashValue }

    /// The unit string.
    public override var description: String { unitString }

    // MARK: NSSecureCoding

    /// Units are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the unit string.
    public func encode(with coder: NSCoder) {
        coder.encodeString(unitString, forKey: "unitString")
    }

    /// Unarchives a unit; nil when the unit string is missing or does not parse.
    public convenience init?(coder: NSCoder) {
        guard let string = coder.decodeString(forKey: "unitString"),
            let definition = try? UnitDefinitionCache.shared.definition(parsing: string).get()
        else { return nil }
        self.init(definition: definition)
    }

    /// Whether values convert between the two units (same dimension).
    package func isCompatible(with other: HKUnit) -> Bool {
        definition.dimension == other.definition.dimension
    }

    /// `value` in this unit expressed in `other`, or nil if the units are incompatible.
    package func convert(_ value: Double, to other: HKUnit) -> Double? {
        definition.convert(value, to: other.definition)
    }

    /// A stable text naming the unit's dimension (its base exponents), stored beside quantities in metadata.
    package var dimensionKey: String { definition.dimension.key }

    /// `value` expressed in the base of this unit's dimension: comparable across every unit of the dimension.
    package func baseValue(_ value: Double) -> Double {
        definition.toBase(value)
    }
}
