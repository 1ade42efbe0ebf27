import OpenHealthKitModel

/// The units offered for a type on the Me page and in the add form: the units people use for it (steps are counted,
/// never given in percent; weight is in kilograms, pounds or stones), always of its dimension.
enum UnitChoices {
    /// The units people use, by the type's canonical unit; types measured otherwise are listed by name.
    private static let byCanonicalUnit: [String: [String]] = [
        "count": ["count"], "%": ["%"], "count/s": ["count/min"], "count/min": ["count/min"],
        "kg": ["kg", "lb", "st"], "g": ["g", "mg", "mcg"], "m": ["km", "m", "mi", "yd", "ft"],
        "kcal": ["kcal", "Cal", "kJ"], "degC": ["degC", "degF"], "min": ["min", "hr"],
        "mL": [
            "mL", "L", "fl_oz_us",
            "fl_oz_imp", "cup_us",
        ], "L": ["L", "mL"], "m/s": ["km/hr", "mi/hr", "m/s"], "mmHg": ["mmHg"],
        "mg/dL": ["mg/dL", "mmol<180.15588000005408>/L"], "W": ["W"], "S": ["µS", "S"], "dBASPL": ["dBASPL"],
        "appleEffortScore": ["appleEffortScore"], "ms": ["ms"], "IU": ["IU"], "L/min": ["L/min"],
        "kcal/(kg*hr)": ["kcal/(kg*hr)"], "cm": ["cm", "in"], "ml/(kg*min)": ["ml/(kg*min)"],
    ]

    /// Types whose units differ from others' of the same canonical unit.
    private static let byType: [String: [String]] = [
        "height": ["cm", "m", "in", "ft"], "waistCircumference": ["cm", "in"], "walkingStepLength": ["cm", "in"],
        "runningStrideLength": ["m", "cm", "ft", "in"], "underwaterDepth": ["m", "ft"],
        "sixMinuteWalkTestDistance": ["m", "ft", "yd"], "distanceSwimming": ["m", "yd", "km", "mi"],
        "dietaryCarbohydrates": ["g"], "dietaryProtein": ["g"], "dietaryFatTotal": ["g"], "dietaryFiber": ["g"],
        "dietarySugar": ["g"], "dietaryFatSaturated": ["g"], "dietaryFatMonounsaturated": ["g"],
        "dietaryFatPolyunsaturated": ["g"], "dietaryCaffeine": ["mg"], "bloodAlcoholContent": ["%"],
        "timeInDaylight": ["min", "hr"],
    ]

    /// The units people use for `type`, with `extra` (the current choice) first when it is one of its dimension.
    static func units(for type: HKQuantityType, including extra: HKUnit? = nil) -> [HKUnit] {
        let names = byType[type.shortName] ?? byCanonicalUnit[type.canonicalUnit.unitString]
        let listed = (names ?? []).compactMap { try? HKUnit(parsing: $0) }
        var units: [HKUnit] = []
        var seen: Set<String> = []
        for unit in [extra].compactMap({ $0 }) + (listed.isEmpty ? [type.canonicalUnit] : listed)
        where unit.isCompatible(with: type.canonicalUnit) && seen.insert(unit.unitString).inserted {
            units.append(unit)
        }
        return units
    }

    /// Whether people use `unit` for `type` (the add form accepts no other).
    static func offers(_ unit: HKUnit, for type: HKQuantityType) -> Bool {
        units(for: type).contains { $0.unitString == unit.unitString }
    }
}
