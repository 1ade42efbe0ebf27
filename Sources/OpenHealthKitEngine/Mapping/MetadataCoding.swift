import Foundation
import OpenHealthKitModel

/// Metadata dictionaries as JSON text, keeping HealthKit's value kinds:
/// strings and numbers as themselves, booleans as JSON booleans, dates as `{"date": seconds since 1970}`,
/// quantities as `{"quantity": value, "unit": "unit string", "base": value in the unit's dimension base,
/// "dimension": the dimension's key}` (so predicates compare quantities saved in different units of one dimension).
package enum MetadataCoding {
    package static func encode(_ metadata: [String: Any]?) -> String? {
        guard let metadata, !metadata.isEmpty else { return nil }
        var json = "{"
        for (index, key) in metadata.keys.sorted().enumerated() {
            if index > 0 { json += "," }
            JSONStringLiteral.append(key, to: &json)
            json += ":"
            appendValue(metadata[key]!, to: &json)
        }
        return json + "}"
    }

    package static func decode(_ json: String?) -> [String: Any]? {
        guard let json, let data = json.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return metadata(fromJSONObject: object)
    }

    /// Metadata from an already parsed JSON object (e.g. nested in a workout event).
    package static func metadata(fromJSONObject object: [String: Any]) -> [String: Any] {
        object.mapValues(decodeValue)
    }

    private static func decodeValue(_ value: Any) -> Any {
        guard let dictionary = value as? [String: Any] else { return value }
        if let seconds = (dictionary["date"] as? NSNumber)?.doubleValue {
            return Date(timeIntervalSince1970: seconds)
        }
        if let amount = (dictionary["quantity"] as? NSNumber)?.doubleValue, let unit = dictionary["unit"] as? String,
            let parsed = try? HKUnit(parsing: unit)
        {
            return HKQuantity(unit: parsed, doubleValue: amount)
        }
        return value
    }

    private static func appendValue(_ value: Any, to json: inout String) {
        switch value {
        case let string as String: JSONStringLiteral.append(string, to: &json)
        case let bool as Bool where type(of: value) == Bool.self: json += bool ? "true" : "false"
        case let date as Date: json += "{\"date\":\(number(date.timeIntervalSince1970))}"
        case let quantity as HKQuantity:
            json += "{\"quantity\":\(number(quantity.value)),\"unit\":"
            JSONStringLiteral.append(quantity.unit.unitString, to: &json)
            json +=
                ",\"base\":\(number(quantity.unit.baseValue(quantity.value))),\"dimension\":\"\(quantity.unit.dimensionKey)\"}"
        case let integer as Int: json += String(integer)
        case let number as NSNumber: json += Self.number(number.doubleValue)
        case let double as Double: json += number(double)
        case let float as Float: json += number(Double(float))
        default:
            // Validation admits only the kinds above; anything else is stored as its description.
            JSONStringLiteral.append(String(describing: value), to: &json)
        }
    }

    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
