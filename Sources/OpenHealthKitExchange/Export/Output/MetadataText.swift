import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Stored metadata as exports write it: each value as text, the way ``MetadataValueReader`` reads it back into the
/// same kind (numbers as digits, booleans as `1`/`0`, dates as export dates, quantities as `value unit`).
package enum MetadataText {
    /// The entries of stored metadata (JSON, see `MetadataCoding`), sorted by key; dates shown with the UTC offset
    /// `offset` gives for them.
    static func entries(_ json: String?, offset: (Double) -> Int) -> [(key: String, value: String)] {
        guard let metadata = MetadataCoding.decode(json) else { return [] }
        return metadata.keys.sorted().map { key in (key, text(metadata[key]!, offset: offset)) }
    }

    package static func text(_ value: Any, offset: (Double) -> Int) -> String {
        switch value {
        case let string as String: return string
        case let date as Date:
            let seconds = date.timeIntervalSince1970
            return DateText.export(seconds, offset: offset(seconds))
        case let quantity as HKQuantity: return NumberText.shortest(quantity.value) + " " + quantity.unit.unitString
        case let number as NSNumber:
            // JSON's `true` and `false` come back as boolean numbers (type code "c").
            if String(cString: number.objCType) == "c" { return number.boolValue ? "1" : "0" }
            return NumberText.shortest(number.doubleValue)
        default: return String(describing: value)
        }
    }

    /// Stored metadata as a plain JSON object for people and their tools (CSV): strings, numbers and booleans as
    /// themselves, dates as ISO 8601 strings, quantities as `"value unit"` strings; nil without metadata.
    static func plainJSON(_ json: String?, offset: (Double) -> Int) -> String? {
        guard let metadata = MetadataCoding.decode(json), !metadata.isEmpty else { return nil }
        var object = JSONObject()
        for key in metadata.keys.sorted() {
            switch metadata[key]! {
            case let string as String: object.string(key, string)
            case let date as Date:
                let seconds = date.timeIntervalSince1970
                object.string(key, DateText.iso(seconds, offset: offset(seconds)))
            case let quantity as HKQuantity:
                object.string(key, NumberText.readable(quantity.value) + " " + quantity.unit.unitString)
            case let number as NSNumber:
                if String(cString: number.objCType) == "c" {
                    object.raw(key, number.boolValue ? "true" : "false")
                } else {
                    object.number(key, number.doubleValue)
                }
            case let other: object.string(key, String(describing: other))
            }
        }
        return object.json
    }
}
