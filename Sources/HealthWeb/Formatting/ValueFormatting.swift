import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Values as the pages show them: in the user's preferred unit, with a readable number of decimals. A percentage
/// is stored as a fraction (0.97) and shown, and typed, as a percent (97 %).
struct DisplayUnit: Sendable {
    let unit: HKUnit

    init(_ unit: HKUnit) {
        self.unit = unit
    }

    private var isPercent: Bool { unit.unitString == "%" }

    /// The symbol after a number; nothing for plain counts (steps, flights).
    var symbol: String {
        Self.symbols[unit.unitString] ?? unit.unitString
    }

    private static let symbols: [String: String] = [
        "count": "", "degC": "°C", "degF": "°F", "fl_oz_us": "fl oz", "fl_oz_imp": "fl oz", "mi/hr": "mph",
        "km/hr": "km/h",
        "count/min": "/min",
    ]

    /// The unit in a menu: `kg`, `°F (degF)`, `/min (count/min)`.
    var menuLabel: String {
        symbol.isEmpty || symbol == unit.unitString ? unit.unitString : symbol + " (" + unit.unitString + ")"
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

    /// `1,300`, `72.5 kg`, `97 %`.
    func format(_ canonicalValue: Double, of type: HKQuantityType) -> String {
        var value = shown(canonicalValue, of: type)
        // Counts (steps, flights) read as whole numbers once they are not small.
        if unit.unitString == "count", abs(value) >= 10 { value = value.rounded() }
        let number = PageNumberText.format(value)
        return symbol.isEmpty ? number : number + " " + symbol
    }
}
