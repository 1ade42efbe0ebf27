package import Foundation

/// A metadata value in a predicate: the kinds of value metadata can hold.
package enum MetadataValue: Hashable, Sendable {
    case string(String)
    /// An `NSNumber` or Swift number (`Bool` is 0 or 1).
    case number(Double)
    case date(Date)
    /// A quantity, to be compared in a unit of its dimension.
    case quantity(HKQuantity)

    /// The predicate form of a metadata value; anything but a string, number, date or quantity is an invalid argument.
    package init(_ value: Any) throws(HKError) {
        switch value {
        case let string as String: self = .string(string)
        case let date as Date: self = .date(date)
        case let quantity as HKQuantity: self = .quantity(quantity)
        case let number as NSNumber: self = .number(number.doubleValue)
        default:
            throw HKError.invalidArgument(
                "unsupported metadata value \(value) of type \(type(of: value)): use a String, number, Date or HKQuantity"
            )
        }
    }
}
