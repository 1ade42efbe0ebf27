import Foundation
import NIOCore
import PostgresNIO

/// A statement's values as it is written: each ``add(_:)`` appends a value and returns its placeholder (`$1`,
/// `$2`...), so SQL and values cannot drift apart; ``array(_:)`` appends a column of values for `unnest` and returns
/// its placeholder cast to its array type (`$2::float8[]`).
struct Binds {
    private(set) var bindings = PostgresBindings()

    init() {}

    /// Appends `value` (NULL when nil) and returns its placeholder.
    mutating func add<Value: PostgresNonThrowingEncodable>(_ value: Value?) -> String {
        bindings.append(value)
        return "$\(bindings.count)"
    }

    /// Appends an array and returns its placeholder with its type, e.g. `$2::int8[]`.
    mutating func array<Element: ArrayElement>(_ values: [Element]) -> String {
        add(values) + "::\(Element.sqlType)[]"
    }

    /// Appends an array that may hold NULLs and returns its placeholder with its type.
    mutating func array<Element: ArrayElement>(_ values: [Element?]) -> String {
        add(NullableArray(values)) + "::\(Element.sqlType)[]"
    }
}

/// A value bound in arrays, with its SQL type's name.
protocol ArrayElement: PostgresArrayEncodable, PostgresNonThrowingEncodable {
    static var sqlType: String { get }
}

extension Double: ArrayElement { static var sqlType: String { "float8" } }
extension Int64: ArrayElement { static var sqlType: String { "int8" } }
extension Int32: ArrayElement { static var sqlType: String { "int4" } }
extension String: ArrayElement { static var sqlType: String { "text" } }
extension UUID: ArrayElement { static var sqlType: String { "uuid" } }
extension Bool: ArrayElement { static var sqlType: String { "bool" } }
extension ByteBuffer: ArrayElement { static var sqlType: String { "bytea" } }
