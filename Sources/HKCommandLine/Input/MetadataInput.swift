package import Foundation
import OpenHealthKit

extension CommandLineInput {
    /// Metadata from `KEY=VALUE` entries (`--metadata HKWasUserEntered=true`), or nil for none.
    ///
    /// A key is a metadata key string (`HKWasUserEntered`), the name of HealthKit's constant for it
    /// (`HKMetadataKeyWasUserEntered`), or a key of the caller's own. A HealthKit key's value is read as the kind
    /// HealthKit expects: text, a number, `true`/`false`, an enumeration's raw value, a date (as `hk` reads dates) or
    /// a quantity, `<number> <unit>` (`418 cm`). Any other key's value is `true`/`false` as a boolean, a number as a
    /// number, `<number> <unit>` with a valid unit as a quantity, and anything else as text.
    package static func metadata(_ entries: [String], timeZone: TimeZone) throws -> [String: Any]? {
        guard !entries.isEmpty else { return nil }
        var metadata: [String: Any] = [:]
        for entry in entries {
            guard let equals = entry.firstIndex(of: "="), equals != entry.startIndex else {
                throw HKError.invalidArgument("invalid metadata '\(entry)': use KEY=VALUE")
            }
            let key = metadataKey(String(entry[..<equals]))
            guard metadata[key] == nil else { throw HKError.invalidArgument("metadata key \(key) is given twice") }
            metadata[key] = try metadataValue(
                String(entry[entry.index(after: equals)...]), key: key, timeZone: timeZone)
        }
        return metadata
    }

    /// The stored key for a constant's name (`HKMetadataKeyTimeZone` is `HKTimeZone`); any other key as it is.
    private static func metadataKey(_ name: String) -> String {
        MetadataKeyCatalog.keys.first { $0.name == name }?.key ?? name
    }

    private static func metadataValue(_ text: String, key: String, timeZone: TimeZone) throws -> Any {
        let role = "metadata \(key) value"
        guard let kind = MetadataKeyCatalog.valueKinds[key] else {
            if let flag = boolean(text) { return flag }
            if let number = Double(text), number.isFinite { return number }
            return (try? quantity(text, role: role)) ?? text
        }
        switch kind {
        case .string:
            return text
        case .number:
            return try number(text, role: role)
        case .boolean:
            guard let flag = boolean(text) else {
                throw HKError.invalidArgument("\(role) '\(text)' is not true or false")
            }
            return flag
        case .enumeration(let name):
            guard let raw = Int(text) else {
                throw HKError.invalidArgument("\(role) '\(text)' is not a raw value of \(name) (a whole number)")
            }
            return raw
        case .date:
            return try date(text, timeZone: timeZone)
        case .quantity:
            return try quantity(text, role: role)
        }
    }

    private static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// `<number> <unit>`: `418 cm`, `5.5 mmol<180.15588000005408>/L`.
    private static func quantity(_ text: String, role: String) throws -> HKQuantity {
        let parts = text.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let value = Double(parts[0]), value.isFinite else {
            throw HKError.invalidArgument("\(role) '\(text)' is not a quantity: use <number> <unit>, such as '418 cm'")
        }
        return HKQuantity(unit: try HKUnit(parsing: parts[1]), doubleValue: value)
    }
}
