import OpenHealthKitModel

/// A stored number written in a unit of the export's choice only when it reads back as exactly the stored number.
enum ExactQuantityText {
    /// `value` (stored in `stored`) as text in the first of `unitTexts` whose text converts back to exactly `value`
    /// the way the importer converts it; in `stored`'s own unit when none does.
    static func text(_ value: Double, storedIn stored: HKUnit, units unitTexts: [String]) -> (
        value: String, unit: String
    ) {
        for unitText in unitTexts {
            guard let unit = try? HKUnit(parsing: unitText), let converted = stored.convert(value, to: unit) else {
                continue
            }
            for text in NumberText.candidates(converted) {
                guard let number = Double(text) else { continue }
                if unit.convert(number, to: stored) == value { return (text, unitText) }
            }
        }
        return (NumberText.shortest(value), stored.unitString)
    }
}
