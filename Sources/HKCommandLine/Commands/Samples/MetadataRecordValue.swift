import Foundation
import OpenHealthKit

/// A metadata value as `hk samples` prints it, in the forms `--metadata` reads: text, a number, a boolean, a date
/// (ISO 8601 text) or a quantity (`418 cm` text).
enum MetadataRecordValue: Encodable {
    case text(String)
    case number(Double)
    case boolean(Bool)

    /// The printable form of stored metadata; a HealthKit key that holds a boolean prints as one.
    static func record(of metadata: [String: Any], timeZone: TimeZone) -> [String: MetadataRecordValue] {
        metadata.reduce(into: [:]) { record, entry in
            record[entry.key] = MetadataRecordValue(entry.value, key: entry.key, timeZone: timeZone)
        }
    }

    private init(_ value: Any, key: String, timeZone: TimeZone) {
        switch value {
        case let text as String: self = .text(text)
        case let date as Date: self = .text(date.formattedForOutput(in: timeZone))
        case let quantity as HKQuantity:
            self = .text("\(quantity.value.formattedForOutput) \(quantity.unit.unitString)")
        // Booleans are NSNumbers of type char ("c"): Swift's Bool bridges to one, and JSONSerialization, which
        // stored metadata comes back through, returns them.
        case let number as NSNumber where String(cString: number.objCType) == "c": self = .boolean(number.boolValue)
        default:
            guard let number = MetadataValueClass.number(in: value) else {
                self = .text(String(describing: value))
                return
            }
            self =
                MetadataKeyCatalog.valueKinds[key] == .boolean
                ? .boolean(number != 0) : .number(number.roundedForOutput)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .boolean(let flag): try container.encode(flag)
        }
    }
}
