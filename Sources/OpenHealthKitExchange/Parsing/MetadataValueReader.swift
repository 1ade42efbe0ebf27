import Foundation
import OpenHealthKitModel

/// Turns exported metadata back into HealthKit's value kinds. The export writes every value as text: numbers as
/// digits, booleans as `0`/`1`, dates as export dates, quantities as `value unit` (`418 cm`, `56 degF`, `96 %`,
/// `3.9 kcal/hr·kg`).
///
/// Keys HealthKit defines get their catalog kind. Other keys' kinds are lost in the export, so their text is read as
/// a quantity, a date or a number when it reads as one, and kept as a string otherwise.
/// Text that does not read as its key's kind is kept as a string, and validation then refuses the object, as it
/// would refuse the same metadata from an app.
package final class MetadataValueReader {
    private let kinds = MetadataKeyCatalog.valueKinds
    private var units: [String: HKUnit] = [:]

    package init() {}

    package func value(forKey key: String, text: String) -> Any {
        let typed: Any?
        switch kinds[key] {
        case .string?: typed = text
        case .number?, .enumeration?: typed = number(text)
        case .boolean?: typed = boolean(text)
        case .date?: typed = date(text)
        case .quantity?: typed = quantity(text)
        case nil: typed = quantity(text) ?? date(text) ?? number(text)
        }
        return typed ?? text
    }

    /// A dictionary from exported key/value pairs, or nil when there are none.
    func metadata(_ entries: [(key: String, value: String)]) -> [String: Any]? {
        guard !entries.isEmpty else { return nil }
        var metadata: [String: Any] = [:]
        metadata.reserveCapacity(entries.count)
        for entry in entries { metadata[entry.key] = value(forKey: entry.key, text: entry.value) }
        return metadata
    }

    /// Numbers as Swift `Int` or `Double` (metadata takes Swift numbers as `NSNumber`s; they encode faster).
    private func number(_ text: String) -> Any? {
        guard let value = ExportText.number(text) else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return Int(value) }
        return value
    }

    private func boolean(_ text: String) -> Bool? {
        switch text {
        case "1", "true", "YES", "yes": return true
        case "0", "false", "NO", "no": return false
        default: return nil
        }
    }

    private func date(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { ExportDateParser.date($0) }.map { Date(timeIntervalSince1970: $0.seconds) }
    }

    private func quantity(_ text: String) -> HKQuantity? {
        guard let space = text.firstIndex(of: " "), let value = ExportText.number(String(text[..<space])) else {
            return nil
        }
        let unitString = text[text.index(after: space)...].trimmingCharacters(in: .whitespaces)
        guard !unitString.isEmpty, let unit = unit(unitString) else { return nil }
        return HKQuantity(unit: unit, doubleValue: value)
    }

    func unit(_ string: String) -> HKUnit? {
        if let unit = units[string] { return unit }
        guard let unit = try? HKUnit(parsing: string) else { return nil }
        units[string] = unit
        return unit
    }
}
