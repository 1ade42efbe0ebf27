import Foundation
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitSQL

/// PostgreSQL's way of writing the shared statements (``SQLDialect``): `$n` placeholders (``Binds``), `TRUE` and
/// `FALSE`, lists and tuples as typed arrays (a few parameters however many values; PostgreSQL takes at most
/// 65,535), metadata read as `jsonb`, and every subquery on the sample's user, since one table holds every user's
/// rows.
struct PostgresDialect: SQLDialect {
    /// The longest duration of a sample of the queried types, as an SQL expression (a scalar subquery of
    /// `type_extent`, which PostgreSQL runs once per statement).
    let longestDuration: String
    /// The values bound so far, and those of the statement before the condition.
    var binds: Binds

    var trueLiteral: String { "TRUE" }
    var falseLiteral: String { "FALSE" }
    var wholeWorkout: SQLValue { .uuid(Schema.wholeWorkout) }

    mutating func bind(_ value: SQLValue) -> String {
        switch value {
        case .integer(let integer): binds.add(integer)
        case .real(let real): binds.add(real)
        case .text(let text): binds.add(text)
        case .uuid(let uuid): binds.add(uuid)
        case .bytes(let bytes): binds.add(ByteBuffer(bytes: bytes))
        }
    }

    mutating func isOneOf(_ column: String, _ values: [SQLValue]) -> String {
        let array: String =
            switch values[0] {
            case .integer: binds.array(values.compactMap { if case .integer(let v) = $0 { v } else { nil } })
            case .real: binds.array(values.compactMap { if case .real(let v) = $0 { v } else { nil } })
            case .text: binds.array(values.compactMap { if case .text(let v) = $0 { v } else { nil } })
            case .uuid: binds.array(values.compactMap { if case .uuid(let v) = $0 { v } else { nil } })
            case .bytes:
                binds.array(values.compactMap { if case .bytes(let v) = $0 { ByteBuffer(bytes: v) } else { nil } })
            }
        return "\(column) = ANY(\(array))"
    }

    mutating func tuplesInclude(_ columns: [String], _ tuples: [[String]]) -> String {
        let arrays = columns.indices.map { column in binds.array(tuples.map { $0[column] }) }
        return "(\(columns.joined(separator: ", "))) IN (SELECT * FROM unnest(\(arrays.joined(separator: ", "))))"
    }

    func sameUser(_ alias: String, as other: String) -> String {
        "\(alias).user_id = \(other).user_id AND "
    }

    mutating func lessLongestDuration(_ value: Double) -> String {
        binds.add(value) + " - " + longestDuration
    }

    mutating func metadataHasKey(_ key: String) -> String {
        "jsonb_exists(s.metadata::jsonb, \(binds.add(key)))"
    }

    mutating func metadata(_ key: String, _ comparison: RowComparison, _ value: MetadataScalar) -> String {
        let entry = "(s.metadata::jsonb -> \(binds.add(key)))"
        let op = comparison.rawValue
        switch value {
        case .string(let string):
            return
                "(CASE jsonb_typeof(\(entry)) WHEN 'string' THEN \(entry) #>> '{}' END) COLLATE \"C\" \(op) \(binds.add(string))"
        case .number(let number):
            return "\(Self.number(entry)) \(op) \(binds.add(number))"
        case .date(let seconds):
            return "\(Self.number("(\(entry) -> 'date')")) \(op) \(binds.add(seconds))"
        case .quantity(let base, let dimension):
            return "((\(entry) ->> 'dimension') = \(binds.add(dimension)) AND "
                + "\(Self.number("(\(entry) -> 'base')")) \(op) \(binds.add(base)))"
        }
    }

    mutating func metadataIsOneOf(_ key: String, _ values: [MetadataScalar]) -> String {
        "(" + values.map { metadata(key, .equal, $0) }.joined(separator: " OR ") + ")"
    }

    /// A JSON value as a number: numbers as themselves, booleans as 0 and 1, anything else NULL.
    private static func number(_ json: String) -> String {
        "(CASE jsonb_typeof(\(json)) WHEN 'number' THEN (\(json))::float8 WHEN 'boolean' THEN (\(json))::boolean::int::float8 END)"
    }
}
