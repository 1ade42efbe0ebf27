import Foundation
import GRDB
import OpenHealthKitEngine
import OpenHealthKitModel

/// Turns a ``RowCondition`` into a SQL boolean expression over the aliases of ``RowReader``'s query
/// (`s` sample, `so` source, `r` revision, `d` device, `p` parent correlation, `w` workout); workout conditions read
/// the workout tables in subqueries (`a` activity, `ws` statistics or associations, `e` effort).
struct ConditionSQL {
    /// The longest duration of a sample of the queried types. A sample overlapping a range starts at most this long
    /// before it, which turns every date condition into a bounded scan of the (type, start_date) index: the cost
    /// follows the size of the answer, not of the store.
    let longestDuration: Double

    /// The alias whose `start_date`, `end_date` and `value` columns date and value conditions test: `s`, the sample,
    /// or `v`, a quantity of a series (``StatisticsReader`` tests each quantity as a sample of its own).
    let datesAndValues: String

    private(set) var arguments: [(any DatabaseValueConvertible)?] = []

    init(longestDuration: Double, datesAndValues: String = "s") {
        self.longestDuration = longestDuration
        self.datesAndValues = datesAndValues
    }

    mutating func sql(_ condition: RowCondition) -> String {
        switch condition {
        case .all: return "1"
        case .none: return "0"
        case .and(let parts): return parts.isEmpty ? "1" : "(" + parts.map { sql($0) }.joined(separator: " AND ") + ")"
        case .or(let parts): return anyOf(parts.map { sql($0) })
        // Not `NOT`: a test of a missing value (metadata, device, workout total) is NULL, and NOT NULL is NULL,
        // so the negation would drop those samples instead of selecting them.
        case .not(let part): return "((" + sql(part) + ") IS NOT 1)"
        case .dateRange(let start, let end, let mode):
            return dateRange(
                start: start, end: end, mode: mode, startColumn: "\(datesAndValues).start_date",
                endColumn: "\(datesAndValues).end_date", longest: longestDuration)
        case .uuids(let uuids): return list("s.uuid", uuids.map(\.blob))
        case .sources(let bundles): return list("so.bundle_identifier", Array(bundles))
        case .sourceRevisions(let matches):
            return anyOf(RevisionMatch.groups(matches).map { tuples($0.columns, $0.tuples) })
        case .devices(let devices):
            let columns = DeviceRow.columnNames.map { "d.\($0)" }
            return tuples(columns, devices.map(\.fields))
        case .deviceProperty(let index, let values):
            return list("d.\(DeviceRow.columnNames[index])", Array(values))
        case .metadataKeyExists(let key):
            arguments.append(Self.path(key))
            return "json_type(s.metadata, ?) IS NOT NULL"
        case .metadata(let key, let comparison, let value):
            return metadata(key, comparison, value)
        case .metadataIn(let key, let values):
            return metadataIn(key, values)
        case .value(let comparison, let value):
            arguments.append(value)
            return "\(datesAndValues).value \(comparison.rawValue) ?"
        case .valueIn(let values): return list("\(datesAndValues).value", values.sorted())
        case .noCorrelation: return "s.correlation_id IS NULL"
        case .workoutActivityType(let type):
            arguments.append(Int64(type))
            return "w.activity_type = ?"
        case .workoutNumber(let key, let comparison, let value):
            arguments.append(value)
            return "\(key.sqlColumn) \(comparison.rawValue) ?"
        case .memberOf(let uuid):
            arguments.append(uuid.blob)
            return "p.uuid = ?"
        case .electrocardiogramClassification(let raw):
            arguments.append(Int64(raw))
            return "EXISTS (SELECT 1 FROM electrocardiogram e WHERE e.sample_id = s.id AND e.classification = ?)"
        case .electrocardiogramSymptomsStatus(let raw):
            arguments.append(Int64(raw))
            return "EXISTS (SELECT 1 FROM electrocardiogram e WHERE e.sample_id = s.id AND e.symptoms_status = ?)"
        case .associatedWithElectrocardiogram(let uuid):
            arguments.append(uuid.blob)
            return """
                s.id IN (SELECT es.symptom_id FROM electrocardiogram_symptom es
                         JOIN sample e ON e.id = es.electrocardiogram_id WHERE e.uuid = ?)
                """
        case .workoutMember(let uuid):
            arguments += [uuid.blob, uuid.blob]
            return """
                (p.uuid = ? OR s.id IN (SELECT ws.sample_id FROM workout_sample ws
                                        WHERE ws.workout_id = (SELECT id FROM sample WHERE uuid = ?)))
                """
        case .workoutActivity(let condition):
            return "EXISTS (SELECT 1 FROM workout_activity a WHERE a.sample_id = s.id AND \(activity(condition)))"
        case .workoutStatistic(let statistic, let type, let comparison, let value):
            return statisticTest(statistic, type: type, comparison, value, of: "ws.activity_uuid IS NULL")
        case .effortRelated(let workout, let activity):
            arguments += [workout.blob, activity?.blob ?? Data()]
            return """
                s.id IN (SELECT e.sample_id FROM workout_effort e
                         WHERE e.workout_id = (SELECT id FROM sample WHERE uuid = ?) AND e.activity_uuid = ?)
                """
        case .clinicalResourceType(let resourceType):
            arguments.append(resourceType)
            return "EXISTS (SELECT 1 FROM clinical_record_sample c WHERE c.sample_id = s.id AND c.resource_type = ?)"
        case .clinicalRecord(let source, let resourceType, let identifier):
            arguments += [source, resourceType, identifier]
            return """
                (so.bundle_identifier = ? AND EXISTS (SELECT 1 FROM clinical_record_sample c \
                WHERE c.sample_id = s.id AND c.resource_type = ? AND c.identifier = ?))
                """
        case .stateOfMindKind(let kind):
            arguments.append(kind)
            return "EXISTS (SELECT 1 FROM state_of_mind m WHERE m.sample_id = s.id AND m.kind = ?)"
        case .stateOfMindLabel(let label): return stateOfMindTerm(facet: 1, label)
        case .stateOfMindAssociation(let association): return stateOfMindTerm(facet: 2, association)
        case .doseEventConcepts(let codes): return doseEvent(list("e.concept_code", codes.sorted()))
        case .doseEventStatuses(let statuses): return doseEvent(list("e.log_status", statuses.sorted()))
        case .doseEventScheduledDates(let dates): return doseEvent(list("e.scheduled_date", dates.sorted()))
        case .doseEventScheduledRange(let start, let end):
            var parts = ["e.scheduled_date IS NOT NULL"]
            if let start {
                parts.append("e.scheduled_date >= ?")
                arguments.append(start)
            }
            if let end {
                parts.append("e.scheduled_date < ?")
                arguments.append(end)
            }
            return doseEvent(parts.joined(separator: " AND "))
        }
    }

    private mutating func stateOfMindTerm(facet: Int, _ value: Int) -> String {
        arguments += [facet, value]
        return "EXISTS (SELECT 1 FROM state_of_mind_term m WHERE m.sample_id = s.id AND m.facet = ? AND m.value = ?)"
    }

    /// A test of the sample's dose event row (`e`).
    private func doseEvent(_ test: String) -> String {
        "EXISTS (SELECT 1 FROM medication_dose_event e WHERE e.sample_id = s.id AND \(test))"
    }

    /// A condition on the activity `a` of the workout `s` (whose own columns are `w`).
    private mutating func activity(_ condition: ActivityCondition) -> String {
        switch condition {
        case .all: return "1"
        case .none: return "0"
        case .and(let parts):
            return parts.isEmpty ? "1" : "(" + parts.map { activity($0) }.joined(separator: " AND ") + ")"
        case .or(let parts): return anyOf(parts.map { activity($0) })
        case .not(let part): return "((" + activity(part) + ") IS NOT 1)"
        case .activityType(let type):
            arguments.append(Int64(type))
            return "COALESCE(a.activity_type, w.activity_type) = ?"
        case .duration(let comparison, let seconds):
            arguments.append(seconds)
            return "COALESCE(a.duration, a.end_date - a.start_date) \(comparison.rawValue) ?"
        case .dateRange(let start, let end, let mode):
            return dateRange(
                start: start, end: end, mode: mode, startColumn: "a.start_date",
                endColumn: "COALESCE(a.end_date, a.start_date)", longest: nil)
        case .statistic(let statistic, let type, let comparison, let value):
            return statisticTest(statistic, type: type, comparison, value, of: "ws.activity_uuid = a.uuid")
        }
    }

    /// Whether a statistic of the workout `s` (the rows `owner` selects: the workout's own, or an activity's) of a
    /// type compares with a value in the type's canonical unit.
    private mutating func statisticTest(
        _ statistic: WorkoutStatistic, type: String, _ comparison: RowComparison, _ value: Double, of owner: String
    ) -> String {
        let column: String =
            switch statistic {
            case .sum: "ws.sum"
            case .average: "ws.average"
            case .minimum: "ws.minimum"
            case .maximum: "ws.maximum"
            }
        arguments += [type, value]
        return """
            EXISTS (SELECT 1 FROM workout_statistics ws WHERE ws.sample_id = s.id AND \(owner) AND ws.type = ?
                    AND \(column) * ws.to_canonical \(comparison.rawValue) ?)
            """
    }

    /// A date range test on the columns given (``DateRangeMode/bounds(start:end:)``); `longest` (the longest
    /// duration of the queried rows) bounds the start of overlapping rows, so that the test is a bounded scan of a
    /// start date index.
    private mutating func dateRange(
        start: Double?, end: Double?, mode: DateRangeMode, startColumn: String, endColumn: String, longest: Double?
    ) -> String {
        let parts = mode.bounds(start: start, end: end).compactMap { bound -> String? in
            var value = bound.value
            if bound.lessTheLongestDuration {
                guard let longest else { return nil }
                value -= longest
            }
            arguments.append(value)
            let column = bound.column == .startDate ? startColumn : endColumn
            return "\(column) \(bound.comparison.rawValue) ?"
        }
        return parts.isEmpty ? "1" : "(" + parts.joined(separator: " AND ") + ")"
    }

    /// Whether `columns` equal one of `tuples` (strings), given as one JSON array argument of arrays: one
    /// expression and one variable however many tuples, where a disjunction of each would exceed SQLite's expression
    /// depth (1,000) and variable (32,766) limits.
    private mutating func tuples(_ columns: [String], _ tuples: [[String]]) -> String {
        guard !tuples.isEmpty else { return "0" }
        arguments.append(Self.jsonArray(tuples))
        let fields = columns.indices.map { "json_extract(value, '$[\($0)]')" }.joined(separator: ", ")
        return "(\(columns.joined(separator: ", "))) IN (SELECT \(fields) FROM json_each(?))"
    }

    /// Whether a metadata value equals one of `values`: one JSON array argument per kind of value (strings and
    /// numbers, dates, quantities), so that any number of values stays one expression and a few variables.
    private mutating func metadataIn(_ key: String, _ values: [MetadataScalar]) -> String {
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
        return anyOf(parts)
    }

    /// A JSON array of strings and numbers (and arrays of them), for `json_each`.
    private static func jsonArray(_ values: [Any]) -> String {
        // Only strings and numbers: encodable but for a number that is not finite, which no value equals anyway.
        let data =
            (try? JSONSerialization.data(withJSONObject: values, options: [.fragmentsAllowed])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private mutating func metadata(_ key: String, _ comparison: RowComparison, _ value: MetadataScalar) -> String {
        let path = Self.path(key)
        switch value {
        case .string(let string):
            arguments += [path, string]
        case .number(let number):
            arguments += [path, number]
        case .date(let seconds):
            arguments += [path + ".date", seconds]
        case .quantity(let base, let dimension):
            // Quantities compare in their dimension's base, and only with quantities of the same dimension.
            arguments += [path + ".dimension", dimension, path + ".base", base]
            return "(json_extract(s.metadata, ?) = ? AND json_extract(s.metadata, ?) \(comparison.rawValue) ?)"
        }
        return "json_extract(s.metadata, ?) \(comparison.rawValue) ?"
    }

    /// A disjunction; none of nothing matches nothing.
    private func anyOf(_ parts: [String]) -> String {
        parts.isEmpty ? "0" : "(" + parts.joined(separator: " OR ") + ")"
    }

    private mutating func list(_ column: String, _ values: [some DatabaseValueConvertible]) -> String {
        guard !values.isEmpty else { return "0" }
        arguments += values.map { $0 }
        return "\(column) IN (" + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")"
    }

    /// The JSON path of a metadata key, quoted so that any key is safe.
    static func path(_ key: String) -> String {
        "$.\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
