import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The `value` and `unit` texts of a quantity `Record`.
///
/// The store keeps quantities in their type's canonical unit, not in the unit an export wrote them in. But an imported
/// record's UUID names the value and unit texts it was imported from (see ``ImportIdentity``), so those texts can be
/// found again: the units exports write, and the few texts a value converted back to them can take, are tried until
/// one names the record's UUID. Writing those texts makes importing the export again yield the same UUID and the same
/// stored value. A record no text names (one an app saved) is written in the user's preferred unit when its value
/// reads back exactly, else in the canonical unit.
final class QuantityRecordText {
    private struct UnitText {
        let text: String
        let unit: HKUnit
    }

    private let identity = ImportIdentity()
    private let preferredUnits: [String: HKUnit]
    /// The candidate units of each type, the last one that matched first.
    private var candidates: [String: [UnitText]] = [:]
    /// The preferred unit of each type, parsed as the importer parses its text.
    private var parsedPreferred: [String: HKUnit?] = [:]
    /// Whether each source (by bundle identifier) is one an import made: only their records can have been imported.
    private var importedSources: [String: Bool] = [:]

    /// Unit texts Health exports write (`mmol<180.1558800000541>/L` and `mL/min·kg` are Apple's own spellings), and
    /// the other common units of each dimension.
    private static let exportedUnitTexts = [
        "count", "count/min", "count/s", "%", "kg", "g", "mg", "mcg", "lb", "oz", "st", "cm", "m", "km", "mm", "in",
        "ft",
        "yd", "mi", "kcal", "Cal", "kJ", "degC", "degF", "mmHg", "mg/dL", "mmol<180.1558800000541>/L", "ms", "s", "min",
        "hr", "d", "mL", "L", "fl_oz_us", "fl_oz_imp", "mL/min·kg", "ml/(kg*min)", "km/hr", "m/s", "mi/hr", "W", "IU",
        "S",
        "dBASPL", "dBHL", "kcal/hr·kg", "kcal/(kg*hr)", "L/min", "appleEffortScore", "lx",
    ]

    init(preferredUnits: [String: HKUnit]) {
        self.preferredUnits = preferredUnits
    }

    func texts(for row: SampleRow, type: HKQuantityType) -> (value: String, unit: String) {
        let canonical = type.canonicalUnit
        let value = row.value ?? 0
        if isImported(row.source), let found = exportedTexts(for: row, type: type, value: value) {
            return found
        }
        let preferred = preferredUnits[type.identifier] ?? canonical
        if parsedPreferred[type.identifier] == nil {
            parsedPreferred[type.identifier] = try? HKUnit(parsing: preferred.unitString)
        }
        if let unit = parsedPreferred[type.identifier] ?? nil, let converted = canonical.convert(value, to: unit) {
            for text in NumberText.candidates(converted) {
                guard let number = Double(text) else { continue }
                let stored = unit == canonical ? number : unit.convert(number, to: canonical)
                if stored == value { return (text, preferred.unitString) }
            }
        }
        return (NumberText.shortest(value), canonical.unitString)
    }

    private func isImported(_ source: SourceRow) -> Bool {
        if let known = importedSources[source.bundleIdentifier] { return known }
        let imported = RecordSource.bundleIdentifier(forName: source.name) == source.bundleIdentifier
        importedSources[source.bundleIdentifier] = imported
        return imported
    }

    /// The texts whose import name is the record's UUID.
    private func exportedTexts(for row: SampleRow, type: HKQuantityType, value: Double) -> (
        value: String, unit: String
    )? {
        var units = candidateUnits(for: type)
        defer { candidates[type.identifier] = units }
        for (index, unit) in units.enumerated() {
            let converted = unit.unit == type.canonicalUnit ? value : type.canonicalUnit.convert(value, to: unit.unit)
            guard let converted else { continue }
            // The shortest text first: most values were exported as it (`72`, `0.96`), and it needs no printf.
            let shortest = NumberText.shortest(converted)
            let match =
                name(row, value: shortest, unit: unit.text) == row.uuid
                ? shortest
                : NumberText.candidates(converted).first {
                    $0 != shortest && name(row, value: $0, unit: unit.text) == row.uuid
                }
            if let match {
                if index > 0 { units.insert(units.remove(at: index), at: 0) }
                return (match, unit.text)
            }
        }
        return nil
    }

    private func name(_ row: SampleRow, value: String, unit: String) -> UUID {
        identity.reset(orderedBy: row.startDate)
        identity.add(row.typeIdentifier)
        identity.add(date: row.startDate)
        identity.add(date: row.endDate)
        identity.add(value)
        identity.add(unit)
        identity.add(row.source.name)
        return identity.uuid()
    }

    private func candidateUnits(for type: HKQuantityType) -> [UnitText] {
        if let known = candidates[type.identifier] { return known }
        var texts = [type.canonicalUnit.unitString]
        if let preferred = preferredUnits[type.identifier] { texts.append(preferred.unitString) }
        for system in [Locale.MeasurementSystem.metric, .us, .uk] {
            texts.append(PreferredUnitDefaults.unit(for: type, measurementSystem: system).unitString)
        }
        texts += Self.exportedUnitTexts
        var units: [UnitText] = []
        for text in texts where !units.contains(where: { $0.text == text }) {
            guard let unit = try? HKUnit(parsing: text), unit.isCompatible(with: type.canonicalUnit) else { continue }
            units.append(UnitText(text: text, unit: unit))
        }
        return units
    }
}
