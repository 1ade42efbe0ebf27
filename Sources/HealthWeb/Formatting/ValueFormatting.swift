import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Values as the pages show them: in the user's preferred unit, with a readable number of decimals and the unit as
/// people say it (BPM for heart rate, dB for sound levels, steps). A percentage is stored as a fraction (0.97) and
/// shown, and typed, as a percent (97 %).
struct DisplayUnit: Sendable {
    let unit: HKUnit
    /// The type shown, which may name its unit its own way (count/min is BPM for heart rates, breaths/min for
    /// respiratory rate); nil for a unit on its own.
    let typeName: String?

    init(_ unit: HKUnit, type: HKQuantityType? = nil) {
        self.unit = unit
        typeName = type?.shortName
    }

    private var isPercent: Bool { unit.unitString == "%" }

    /// The symbol after a number; nothing for plain counts without a noun (Body Mass Index).
    var symbol: String {
        if let typeName, let named = Self.typeSymbols[typeName]?[unit.unitString] { return named }
        return Self.symbols[unit.unitString] ?? unit.unitString
    }

    /// How people say a unit.
    private static let symbols: [String: String] = [
        "count": "", "degC": "°C", "degF": "°F", "fl_oz_us": "fl oz", "fl_oz_imp": "fl oz", "mi/hr": "mph",
        "km/hr": "km/h", "count/min": "/min", "dBASPL": "dB", "dBHL": "dB HL", "mmol<180.15588000005408>/L": "mmol/L",
        "ml/(kg*min)": "mL/kg·min", "mL/(kg*min)": "mL/kg·min", "kcal/(kg*hr)": "kcal/kg·hr", "mcg": "µg",
        "appleEffortScore": "", "hr": "h", "cup_us": "cups", "cup_imp": "cups", "S": "S", "µS": "µS",
    ]

    /// Units a type names its own way, by short name and unit string.
    private static let typeSymbols: [String: [String: String]] = {
        var table: [String: [String: String]] = [:]
        for name in ["heartRate", "restingHeartRate", "walkingHeartRateAverage", "heartRateRecoveryOneMinute"] {
            table[name] = ["count/min": "BPM", "count/s": "beats/s"]
        }
        table["respiratoryRate"] = ["count/min": "breaths/min"]
        table["cyclingCadence"] = ["count/min": "rpm"]
        let nouns = [
            "stepCount": "steps", "flightsClimbed": "floors", "pushCount": "pushes", "swimmingStrokeCount": "strokes",
            "numberOfTimesFallen": "falls", "inhalerUsage": "uses", "numberOfAlcoholicBeverages": "drinks",
            "appleSleepingBreathingDisturbances": "disturbances",
        ]
        for (name, noun) in nouns { table[name] = ["count": noun] }
        return table
    }()

    /// The unit in a menu: `kg`, `°F`, `BPM`, `mmol/L`; the unit string where it differs and is not a count.
    var menuLabel: String {
        symbol.isEmpty ? unit.unitString : symbol
    }

    /// A value in the type's canonical unit, in this unit, as typed and shown (percent: × 100).
    func shown(_ canonicalValue: Double, of type: HKQuantityType) -> Double {
        let value = HKQuantity(unit: type.canonicalUnit, doubleValue: canonicalValue).doubleValue(for: unit)
        return isPercent ? value * 100 : value
    }

    /// The quantity a typed number stands for.
    func quantity(typed value: Double) -> HKQuantity {
        HKQuantity(unit: unit, doubleValue: isPercent ? value / 100 : value)
    }

    /// `1,300 steps`, `72.5 kg`, `97 %`, `72 BPM`.
    func format(_ canonicalValue: Double, of type: HKQuantityType) -> String {
        withSymbol(number(canonicalValue, of: type))
    }

    /// The number alone, as ``format(_:of:)`` writes it.
    func number(_ canonicalValue: Double, of type: HKQuantityType) -> String {
        var value = shown(canonicalValue, of: type)
        // Counts (steps, flights) read as whole numbers once they are not small.
        if unit.unitString == "count", abs(value) >= 10 { value = value.rounded() }
        return PageNumberText.format(value, maximumDecimals: readsWhole(type) ? 0 : 3)
    }

    /// Whether Health shows this type in this unit as a whole number: heart rates (`105 BPM`), pressures
    /// (`127/75 mmHg`), glucose in mg/dL, variability in ms, oxygen saturation (`97 %`).
    private func readsWhole(_ type: HKQuantityType) -> Bool {
        symbol == "BPM" || Self.wholeUnits.contains(unit.unitString)
            || (isPercent && type.identifier == HKQuantityTypeIdentifier.oxygenSaturation.rawValue)
    }

    private static let wholeUnits: Set<String> = ["mmHg", "mg/dL", "ms"]

    /// `72 BPM`, `1,300 steps`, `21`.
    func withSymbol(_ number: String) -> String {
        symbol.isEmpty ? number : number + " " + symbol
    }
}
