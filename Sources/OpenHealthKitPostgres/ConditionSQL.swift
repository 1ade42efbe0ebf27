import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// Turns a ``RowCondition`` into a SQL boolean expression over the aliases of ``RowReader``'s query (`s` sample, `so`
/// source, `r` revision, `d` device, `p` parent correlation, `w` workout), appending its values to the statement's
/// ``Binds``.
///
/// Metadata is kept as the engine wrote it (JSON text, so it reads back exactly) and read as `jsonb` by the conditions
/// that look into it. A comparison matches values of its own kind: strings compare as strings (byte order, as SQLite
/// compares), numbers and booleans (as 0 and 1) as numbers, dates and quantities by their numbers.
struct ConditionSQL {
    /// The longest duration of a sample of the queried types, as an SQL expression (a scalar subquery of
    /// `type_extent`, which PostgreSQL runs once per statement): a sample overlapping a range starts at most this long
    /// before it, so every date condition is a bounded scan of the (user, type, start_date) index.
    let longestDuration: String
    var binds: Binds

    init(longestDuration: String, binds: Binds) {
        self.longestDuration = longestDuration
        self.binds = binds
    }

    mutating func sql(_ condition: RowCondition) -> String {
        switch condition {
        case .all: return "TRUE"
        case .none: return "FALSE"
        case .and(let parts):
            return parts.isEmpty ? "TRUE" : "(" + parts.map { sql($0) }.joined(separator: " AND ") + ")"
        case .or(let parts): return anyOf(parts.map { sql($0) })
        // Not `NOT`: a test of a missing value (metadata, device, workout total) is NULL, and NOT NULL is NULL,
        // so the negation would drop those samples instead of selecting them.
        case .not(let part): return "((" + sql(part) + ") IS NOT TRUE)"
        case .dateRange(let start, let end, let mode): return dateRange(start: start, end: end, mode: mode)
        case .uuids(let uuids): return uuids.isEmpty ? "FALSE" : "s.uuid = ANY(\(binds.add(Array(uuids)))::uuid[])"
        case .sources(let bundles): return list("so.bundle_identifier", Array(bundles))
        case .sourceRevisions(let matches): return anyOf(matches.map { revision($0) })
        case .devices(let devices):
            let columns = LookupRows.deviceColumns.map { "d.\($0)" }.joined(separator: ", ")
            return anyOf(
                devices.map { device in
                    "(\(columns)) = (" + device.fields.map { binds.add($0) }.joined(separator: ", ") + ")"
                })
        case .deviceProperty(let index, let values):
            return list("d.\(LookupRows.deviceColumns[index])", Array(values))
        case .metadataKeyExists(let key):
            return "jsonb_exists(s.metadata::jsonb, \(binds.add(key)))"
        case .metadata(let key, let comparison, let value):
            return metadata(key, comparison, value)
        case .metadataIn(let key, let values):
            return anyOf(values.map { metadata(key, .equal, $0) })
        case .value(let comparison, let value):
            return "s.value \(comparison.rawValue) \(binds.add(value))"
        case .valueIn(let values):
            return values.isEmpty ? "FALSE" : "s.value = ANY(\(binds.add(values.sorted().map(Double.init)))::float8[])"
        case .noCorrelation: return "s.correlation_id IS NULL"
        case .workoutActivityType(let type):
            return "w.activity_type = \(binds.add(Int64(type)))"
        case .workoutNumber(let key, let comparison, let value):
            return "\(Self.column(for: key)) \(comparison.rawValue) \(binds.add(value))"
        case .memberOf(let uuid):
            return "p.uuid = \(binds.add(uuid))"
        }
    }

    /// The SQL column an order or a comparison refers to.
    static func column(for key: RowSort.Key) -> String {
        switch key {
        case .startDate: return "s.start_date"
        case .endDate: return "s.end_date"
        case .anchor: return "s.anchor"
        case .value, .workoutDuration: return "s.value"
        case .workoutTotalDistance: return "w.total_distance"
        case .workoutTotalEnergyBurned: return "w.total_energy_burned"
        case .workoutTotalSwimmingStrokeCount: return "w.total_swimming_stroke_count"
        case .workoutTotalFlightsClimbed: return "w.total_flights_climbed"
        }
    }

    private mutating func dateRange(start: Double?, end: Double?, mode: DateRangeMode) -> String {
        let parts = mode.bounds(start: start, end: end).map { bound -> String in
            let column = bound.column == .startDate ? "s.start_date" : "s.end_date"
            let value = binds.add(bound.value) + (bound.lessTheLongestDuration ? " - \(longestDuration)" : "")
            return "\(column) \(bound.comparison.rawValue) \(value)"
        }
        return parts.isEmpty ? "TRUE" : "(" + parts.joined(separator: " AND ") + ")"
    }

    private mutating func revision(_ match: RevisionMatch) -> String {
        var parts = ["so.bundle_identifier = \(binds.add(match.bundleIdentifier))"]
        for (column, value) in [
            ("r.version", match.version), ("r.product_type", match.productType),
            ("r.os_version", match.operatingSystemVersion),
        ] {
            guard let value else { continue }
            parts.append("\(column) = \(binds.add(value))")
        }
        return "(" + parts.joined(separator: " AND ") + ")"
    }

    private mutating func metadata(_ key: String, _ comparison: RowComparison, _ value: MetadataScalar) -> String {
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
            // Quantities compare in their dimension's base, and only with quantities of the same dimension.
            return "((\(entry) ->> 'dimension') = \(binds.add(dimension)) AND "
                + "\(Self.number("(\(entry) -> 'base')")) \(op) \(binds.add(base)))"
        }
    }

    /// A JSON value as a number: numbers as themselves, booleans as 0 and 1, anything else NULL.
    private static func number(_ json: String) -> String {
        "(CASE jsonb_typeof(\(json)) WHEN 'number' THEN (\(json))::float8 WHEN 'boolean' THEN (\(json))::boolean::int::float8 END)"
    }

    /// A disjunction; none of nothing matches nothing.
    private func anyOf(_ parts: [String]) -> String {
        parts.isEmpty ? "FALSE" : "(" + parts.joined(separator: " OR ") + ")"
    }

    private mutating func list(_ column: String, _ values: [String]) -> String {
        values.isEmpty ? "FALSE" : "\(column) = ANY(\(binds.add(values))::text[])"
    }
}
