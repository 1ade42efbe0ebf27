import OpenHealthKitModel

/// The units offered for a type on the Me page and in the add form: the common units of its dimension.
enum UnitChoices {
    private static let candidates = [
        "count", "count/min", "count/s", "%",
        "kg", "g", "mg", "mcg", "lb", "oz", "st",
        "m", "cm", "mm", "km", "in", "ft", "yd", "mi",
        "L", "mL", "fl_oz_us", "fl_oz_imp", "cup_us", "cup_imp", "pt_us", "pt_imp",
        "kcal", "Cal", "kJ", "J",
        "degC", "degF", "K",
        "s", "ms", "min", "hr", "d",
        "m/s", "km/hr", "mi/hr", "min/km", "min/mi",
        "mmHg", "kPa", "cmAq", "inHg",
        "mg/dL", "mmol<180.15588000005408>/L",
        "W", "kW", "S", "µS", "V", "Hz", "dBASPL", "dBHL", "IU", "L/min", "mL/(kg*min)", "kcal/(kg*hr)",
        "appleEffortScore",
    ]

    /// Units of the type's dimension, its canonical unit and `extra` (the current choice) included.
    static func units(for type: HKQuantityType, including extra: HKUnit? = nil) -> [HKUnit] {
        var units: [HKUnit] = []
        var seen: Set<String> = []
        for unit in [extra, type.canonicalUnit].compactMap({ $0 }) + candidates.compactMap({ try? HKUnit(parsing: $0) })
        where unit.isCompatible(with: type.canonicalUnit) && seen.insert(unit.unitString).inserted {
            units.append(unit)
        }
        return units
    }
}
