import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// Turns a ``RowCondition`` into a SQL boolean expression over the aliases of ``RowReader``'s query (`s` sample, `so`
/// source, `r` revision, `d` device, `p` parent correlation, `w` workout), appending its values to the statement's
/// ``Binds``; workout conditions read the workout tables in subqueries (`a` activity, `ws` statistics or
/// associations, `e` effort), each on the sample's user.
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
    /// The alias whose `start_date`, `end_date` and `value` columns date and value conditions test: `s`, the sample,
    /// or `v`, a quantity of a series (``StatisticsReader`` tests each quantity as a sample of its own).
    let datesAndValues: String

    init(longestDuration: String, binds: Binds, datesAndValues: String = "s") {
        self.longestDuration = longestDuration
        self.binds = binds
        self.datesAndValues = datesAndValues
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
        case .dateRange(let start, let end, let mode):
            return dateRange(
                start: start, end: end, mode: mode, startColumn: "\(datesAndValues).start_date",
                endColumn: "\(datesAndValues).end_date", longest: longestDuration)
        case .uuids(let uuids): return uuids.isEmpty ? "FALSE" : "s.uuid = ANY(\(binds.add(Array(uuids)))::uuid[])"
        case .sources(let bundles): return list("so.bundle_identifier", Array(bundles))
        case .sourceRevisions(let matches):
            return anyOf(RevisionMatch.groups(matches).map { tuples($0.columns, $0.tuples) })
        case .devices(let devices):
            return tuples(DeviceRow.columnNames.map { "d.\($0)" }, devices.map(\.fields))
        case .deviceProperty(let index, let values):
            return list("d.\(DeviceRow.columnNames[index])", Array(values))
        case .metadataKeyExists(let key):
            return "jsonb_exists(s.metadata::jsonb, \(binds.add(key)))"
        case .metadata(let key, let comparison, let value):
            return metadata(key, comparison, value)
        case .metadataIn(let key, let values):
            return anyOf(values.map { metadata(key, .equal, $0) })
        case .value(let comparison, let value):
            return "\(datesAndValues).value \(comparison.rawValue) \(binds.add(value))"
        case .valueIn(let values):
            return values.isEmpty
                ? "FALSE" : "\(datesAndValues).value = ANY(\(binds.add(values.sorted().map(Double.init)))::float8[])"
        case .noCorrelation: return "s.correlation_id IS NULL"
        case .workoutActivityType(let type):
            return "w.activity_type = \(binds.add(Int64(type)))"
        case .workoutNumber(let key, let comparison, let value):
            return "\(key.sqlColumn) \(comparison.rawValue) \(binds.add(value))"
        case .memberOf(let uuid):
            return "p.uuid = \(binds.add(uuid))"
        case .workoutMember(let uuid):
            return """
                (p.uuid = \(binds.add(uuid)) OR s.id IN (
                    SELECT ws.sample_id FROM workout_sample ws JOIN sample w ON w.user_id = ws.user_id AND w.id = ws.workout_id
                    WHERE ws.user_id = s.user_id AND w.uuid = \(binds.add(uuid))))
                """
        case .workoutActivity(let condition):
            return detail("workout_activity", activity(condition), alias: "a")
        case .workoutStatistic(let statistic, let type, let comparison, let value):
            return statisticTest(statistic, type: type, comparison, value, of: "ws.activity_uuid IS NULL")
        case .effortRelated(let workout, let activity):
            return """
                s.id IN (SELECT e.sample_id FROM workout_effort e JOIN sample w ON w.user_id = e.user_id AND w.id = e.workout_id
                         WHERE e.user_id = s.user_id AND w.uuid = \(binds.add(workout))
                           AND e.activity_uuid = \(binds.add(activity ?? Schema.wholeWorkout)))
                """
        case .electrocardiogramClassification(let raw):
            return detail("electrocardiogram", "e.classification = \(binds.add(Int64(raw)))")
        case .electrocardiogramSymptomsStatus(let raw):
            return detail("electrocardiogram", "e.symptoms_status = \(binds.add(Int64(raw)))")
        case .associatedWithElectrocardiogram(let uuid):
            return """
                s.id IN (SELECT es.symptom_id FROM electrocardiogram_symptom es
                         JOIN sample e ON e.user_id = es.user_id AND e.id = es.electrocardiogram_id
                         WHERE es.user_id = s.user_id AND e.uuid = \(binds.add(uuid)))
                """
        case .clinicalResourceType(let resourceType):
            return detail("clinical_record_sample", "e.resource_type = \(binds.add(resourceType))")
        case .clinicalRecord(let source, let resourceType, let identifier):
            let test = "e.resource_type = \(binds.add(resourceType)) AND e.identifier = \(binds.add(identifier))"
            return "(so.bundle_identifier = \(binds.add(source)) AND \(detail("clinical_record_sample", test)))"
        case .stateOfMindKind(let kind):
            return detail("state_of_mind", "e.kind = \(binds.add(Int64(kind)))")
        case .stateOfMindLabel(let label):
            return detail("state_of_mind_term", "e.facet = 1 AND e.value = \(binds.add(Int64(label)))")
        case .stateOfMindAssociation(let association):
            return detail("state_of_mind_term", "e.facet = 2 AND e.value = \(binds.add(Int64(association)))")
        case .doseEventConcepts(let codes):
            return detail("medication_dose_event", list("e.concept_code", codes.sorted()))
        case .doseEventStatuses(let statuses):
            return detail(
                "medication_dose_event",
                statuses.isEmpty ? "FALSE" : "e.log_status = ANY(\(binds.array(statuses.sorted().map(Int64.init))))")
        case .doseEventScheduledDates(let dates):
            return detail(
                "medication_dose_event",
                dates.isEmpty ? "FALSE" : "e.scheduled_date = ANY(\(binds.array(dates.sorted())))")
        case .doseEventScheduledRange(let start, let end):
            var parts = ["e.scheduled_date IS NOT NULL"]
            if let start { parts.append("e.scheduled_date >= \(binds.add(start))") }
            if let end { parts.append("e.scheduled_date < \(binds.add(end))") }
            return detail("medication_dose_event", parts.joined(separator: " AND "))
        }
    }

    /// A test of the sample's rows (`e`, or `alias`) in a kind's table.
    private func detail(_ table: String, _ test: String, alias: String = "e") -> String {
        "EXISTS (SELECT 1 FROM \(table) \(alias) WHERE \(alias).user_id = s.user_id AND \(alias).sample_id = s.id AND \(test))"
    }

    /// A condition on the activity `a` of the workout `s` (whose own columns are `w`).
    private mutating func activity(_ condition: ActivityCondition) -> String {
        switch condition {
        case .all: return "TRUE"
        case .none: return "FALSE"
        case .and(let parts):
            return parts.isEmpty ? "TRUE" : "(" + parts.map { activity($0) }.joined(separator: " AND ") + ")"
        case .or(let parts): return anyOf(parts.map { activity($0) })
        case .not(let part): return "((" + activity(part) + ") IS NOT TRUE)"
        case .activityType(let type):
            return "coalesce(a.activity_type, w.activity_type) = \(binds.add(Int64(type)))"
        case .duration(let comparison, let seconds):
            return "coalesce(a.duration, a.end_date - a.start_date) \(comparison.rawValue) \(binds.add(seconds))"
        case .dateRange(let start, let end, let mode):
            return dateRange(
                start: start, end: end, mode: mode, startColumn: "a.start_date",
                endColumn: "coalesce(a.end_date, a.start_date)", longest: nil)
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
        let test =
            "ws.type = \(binds.add(type)) AND \(column) * ws.to_canonical \(comparison.rawValue) \(binds.add(value))"
        return detail("workout_statistics", "\(owner) AND \(test)", alias: "ws")
    }

    /// A date range test on the columns given (``DateRangeMode/bounds(start:end:)``); `longest` (an SQL expression:
    /// the longest duration of the queried rows) bounds the start of overlapping rows, so that the test is a bounded
    /// scan of a start date index.
    private mutating func dateRange(
        start: Double?, end: Double?, mode: DateRangeMode, startColumn: String, endColumn: String, longest: String?
    ) -> String {
        let parts = mode.bounds(start: start, end: end).compactMap { bound -> String? in
            if bound.lessTheLongestDuration && longest == nil { return nil }
            var value = binds.add(bound.value)
            if bound.lessTheLongestDuration, let longest { value += " - \(longest)" }
            let column = bound.column == .startDate ? startColumn : endColumn
            return "\(column) \(bound.comparison.rawValue) \(value)"
        }
        return parts.isEmpty ? "TRUE" : "(" + parts.joined(separator: " AND ") + ")"
    }

    /// Whether `columns` equal one of `tuples` (strings), given as one array per column: a few parameters however
    /// many tuples, where a disjunction of each would bind one per value (PostgreSQL takes at most 65,535).
    private mutating func tuples(_ columns: [String], _ tuples: [[String]]) -> String {
        guard !tuples.isEmpty else { return "FALSE" }
        let arrays = columns.indices.map { column in binds.array(tuples.map { $0[column] }) }
        return "(\(columns.joined(separator: ", "))) IN (SELECT * FROM unnest(\(arrays.joined(separator: ", "))))"
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
