import Foundation
import GRDB
import OpenHealthKitEngine
import OpenHealthKitSQL

/// SQLite's way of writing the shared statements (``SQLDialect``): `?` placeholders whose values it collects, `1`
/// and `0` for true and false, UUIDs as 16-byte blobs, lists and tuples as JSON arrays read by `json_each` (one
/// variable however many values), metadata through SQLite's JSON functions. A file holds one person's rows, so
/// subqueries name no user.
struct SQLiteDialect: SQLDialect {
    /// The longest duration of a sample of the queried types.
    let longestDuration: Double
    /// The values bound, in the order of their placeholders.
    private(set) var arguments: [(any DatabaseValueConvertible)?] = []

    init(longestDuration: Double) {
        self.longestDuration = longestDuration
    }

    var trueLiteral: String { "1" }
    var falseLiteral: String { "0" }
    var wholeWorkout: SQLValue { .bytes(Data()) }

    mutating func bind(_ value: SQLValue) -> String {
        arguments.append(Self.databaseValue(value))
        return "?"
    }

    mutating func isOneOf(_ column: String, _ values: [SQLValue]) -> String {
        arguments += values.map(Self.databaseValue)
        return "\(column) IN (" + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")"
    }

    mutating func tuplesInclude(_ columns: [String], _ tuples: [[String]]) -> String {
        arguments.append(Self.jsonArray(tuples))
        let fields = columns.indices.map { "json_extract(value, '$[\($0)]')" }.joined(separator: ", ")
        return "(\(columns.joined(separator: ", "))) IN (SELECT \(fields) FROM json_each(?))"
    }

    func sameUser(_ alias: String, as other: String) -> String { "" }

    mutating func lessLongestDuration(_ value: Double) -> String {
        bind(.real(value - longestDuration))
    }

    mutating func metadataHasKey(_ key: String) -> String {
        arguments.append(Self.path(key))
        return "json_type(s.metadata, ?) IS NOT NULL"
    }

    mutating func metadata(_ key: String, _ comparison: RowComparison, _ value: MetadataScalar) -> String {
        let path = Self.path(key)
        switch value {
        case .string(let string): arguments += [path, string]
        case .number(let number): arguments += [path, number]
        case .date(let seconds): arguments += [path + ".date", seconds]
        case .quantity(let base, let dimension):
            arguments += [path + ".dimension", dimension, path + ".base", base]
            return "(json_extract(s.metadata, ?) = ? AND json_extract(s.metadata, ?) \(comparison.rawValue) ?)"
        }
        return "json_extract(s.metadata, ?) \(comparison.rawValue) ?"
    }

    /// One JSON array argument per kind of value (strings and numbers, dates, quantities), so that any number of
    /// values stays one expression and a few variables.
    mutating func metadataIsOneOf(_ key: String, _ values: [MetadataScalar]) -> String {
        var plain: [Any] = []
        var dates: [Any] = []
        var quantities: [[Any]] = []
        for value in values {
            switch value {
            case .string(let string): plain.append(string)
            case .number(let number): plain.append(number)
            case .date(let seconds): dates.append(seconds)
            case .quantity(let base, let dimension): quantities.append([dimension, base])
            }
        }
        let path = Self.path(key)
        var parts: [String] = []
        if !plain.isEmpty {
            arguments += [path, Self.jsonArray(plain)]
            parts.append("json_extract(s.metadata, ?) IN (SELECT value FROM json_each(?))")
        }
        if !dates.isEmpty {
            arguments += [path + ".date", Self.jsonArray(dates)]
            parts.append("json_extract(s.metadata, ?) IN (SELECT value FROM json_each(?))")
        }
        if !quantities.isEmpty {
            arguments += [path + ".dimension", path + ".base", Self.jsonArray(quantities)]
            parts.append(
                "(json_extract(s.metadata, ?), json_extract(s.metadata, ?)) IN "
                    + "(SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))")
        }
        return "(" + parts.joined(separator: " OR ") + ")"
    }

    private static func databaseValue(_ value: SQLValue) -> (any DatabaseValueConvertible)? {
        switch value {
        case .integer(let integer): integer
        case .real(let real): real
        case .text(let text): text
        case .uuid(let uuid): uuid.blob
        case .bytes(let bytes): bytes
        }
    }

    /// A JSON array of strings and numbers (and arrays of them), for `json_each`.
    private static func jsonArray(_ values: [Any]) -> String {
        // Only strings and numbers: encodable but for a number that is not finite, which no value equals anyway.
        let data =
            (try? JSONSerialization.data(withJSONObject: values, options: [.fragmentsAllowed])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The JSON path of a metadata key, quoted so that any key is safe.
    static func path(_ key: String) -> String {
        "$.\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
