import Foundation
import OpenHealthKitModel

/// One metadata value with its kind kept: `{"string": "..."}`, `{"number": 1.5}`, `{"bool": true}`,
/// `{"date": 1700000000}` or `{"quantity": {"value": 37.2, "unit": "degC"}}` (exactly one key).
public enum WireMetadataValue: Codable, Sendable, Hashable {
    /// A string value.
    case string(String)
    /// A number (finite).
    case number(Double)
    /// A Boolean.
    case bool(Bool)
    /// A date.
    case date(WireDate)
    /// A quantity with its unit.
    case quantity(WireQuantity)

    private enum Kind: String, CodingKey, CaseIterable {
        case string, number, bool, date, quantity
    }

    /// Any key of a JSON object.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads an object with exactly one of the keys `string`, `number`, `bool`, `date`, `quantity`; a number must be
    /// finite.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Kind.self)
        // `allKeys` holds only the keys that are kinds: the object's own keys are counted apart, so that an extra
        // key is refused rather than ignored.
        let keyCount = try decoder.container(keyedBy: AnyKey.self).allKeys.count
        guard keyCount == 1, let kind = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "a metadata value is an object with exactly one of the keys string, number, bool, date, quantity"
                ))
        }
        switch kind {
        case .string: self = .string(try container.decode(String.self, forKey: kind))
        case .number:
            let number = try container.decode(Double.self, forKey: kind)
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: kind, in: container, debugDescription: "a metadata number must be finite")
            }
            self = .number(number)
        case .bool: self = .bool(try container.decode(Bool.self, forKey: kind))
        case .date: self = .date(try container.decode(WireDate.self, forKey: kind))
        case .quantity: self = .quantity(try container.decode(WireQuantity.self, forKey: kind))
        }
    }

    /// Writes an object with the one key of the value's kind.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Kind.self)
        switch self {
        case .string(let value): try container.encode(value, forKey: .string)
        case .number(let value): try container.encode(value, forKey: .number)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .date(let value): try container.encode(value, forKey: .date)
        case .quantity(let value): try container.encode(value, forKey: .quantity)
        }
    }

    /// The wire form of a metadata value as the model holds it (`String`, `NSNumber` or Swift number, `Bool`, `Date`,
    /// `HKQuantity`); anything else, which validation refuses, travels as its description.
    public init(_ value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case let date as Date: self = .date(WireDate(date))
        case let quantity as HKQuantity: self = .quantity(WireQuantity(quantity))
        case _ where Self.isBoolean(value): self = .bool(MetadataValueClass.number(in: value) == 1)
        case _ where MetadataValueClass.number(in: value) != nil: self = .number(MetadataValueClass.number(in: value)!)
        default: self = .string(String(describing: value))
        }
    }

    /// The model value: `NSNumber` for numbers (integral ones as integers) and booleans, as HealthKit hands them out.
    public func value() throws -> Any {
        switch self {
        case .string(let value): return value
        case .number(let value):
            if value == value.rounded(), abs(value) < 9e15 { return NSNumber(value: Int64(value)) }
            return NSNumber(value: value)
        case .bool(let value): return NSNumber(value: value)
        case .date(let value): return value.date
        case .quantity(let value): return try value.quantity()
        }
    }

    /// A Swift `Bool`, or an `NSNumber` made from one (its Objective-C type is `c`, char).
    private static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return false }
        return number.doubleValue == 0 || number.doubleValue == 1
    }
}

/// Metadata dictionaries on the wire.
public enum WireMetadata {
    /// The wire form of a metadata dictionary; nil for none or an empty one.
    public static func encode(_ metadata: [String: Any]?) -> [String: WireMetadataValue]? {
        guard let metadata, !metadata.isEmpty else { return nil }
        return metadata.mapValues(WireMetadataValue.init)
    }

    /// The metadata dictionary as the model holds it (see ``WireMetadataValue/value()``); nil for none.
    public static func decode(_ metadata: [String: WireMetadataValue]?) throws -> [String: Any]? {
        guard let metadata else { return nil }
        return try metadata.mapValues { try $0.value() }
    }
}
