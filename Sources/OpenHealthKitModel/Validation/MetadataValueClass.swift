import Foundation

/// The classes HealthKit stores metadata values as. Swift numbers and `Bool` count as `NSNumber`, as they bridge to it.
package enum MetadataValueClass: Equatable {
    case string
    case number
    case date
    case quantity

    /// The class of `value`, or nil for a kind of value metadata cannot hold (arrays, URLs, data...).
    package init?(of value: Any) {
        switch value {
        case is HKQuantity: self = .quantity
        case is Date, is NSDate: self = .date
        case is String, is NSString: self = .string
        case is NSNumber, is Bool, is any BinaryInteger, is any BinaryFloatingPoint: self = .number
        default: return nil
        }
    }

    /// The class HealthKit expects for a key of `kind`.
    package init(expectedFor kind: MetadataValueKind) {
        switch kind {
        case .string: self = .string
        case .number, .boolean, .enumeration: self = .number
        case .date: self = .date
        case .quantity: self = .quantity
        }
    }

    /// HealthKit's name for the class, used in messages.
    package var name: String {
        switch self {
        case .string: "NSString"
        case .number: "NSNumber"
        case .date: "NSDate"
        case .quantity: "HKQuantity"
        }
    }

    /// The numeric value of a metadata number (an `NSNumber`, a Swift number or a `Bool`), or nil for anything else.
    package static func number(in value: Any) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue
        case let flag as Bool: flag ? 1 : 0
        case let integer as any BinaryInteger: Double(integer)
        case let real as any BinaryFloatingPoint: Double(real)
        default: nil
        }
    }
}
