package import OpenHealthKitEngine
package import OpenHealthKitModel

/// Turns a ``RowCondition`` into a SQL boolean expression over the aliases both storages' sample reads use (`s`
/// sample, `so` source, `r` revision, `d` device, `p` parent correlation, `w` workout), binding its values through
/// the storage's ``SQLDialect``: the one translation of HealthKit's predicates, written once for both databases.
/// Conditions on a sample's kind read its table in a subquery (`e`; a workout's `a` activities, `ws` statistics or
/// associations), on the sample's user.
///
/// A negation is `IS NOT TRUE`, not `NOT`: a test of a missing value (metadata, device, workout total) is NULL, and
/// NOT NULL is NULL, so `NOT` would drop those samples instead of selecting them. An empty list matches nothing.
package struct RowConditionSQL<Dialect: SQLDialect> {
    /// The dialect, holding the values bound so far.
    package var dialect: Dialect
    /// The alias whose `start_date`, `end_date` and `value` columns date and value conditions test: `s`, the sample,
    /// or `v`, a quantity of a series (each quantity tested as a sample of its own).
    let datesAndValues: String

    /// A translation binding through `dialect`.
    package init(_ dialect: Dialect, datesAndValues: String = "s") {
        self.dialect = dialect
        self.datesAndValues = datesAndValues
    }

    /// The expression of `condition`.
    package mutating func sql(_ condition: RowCondition) -> String {
        switch condition {
        case .all: return dialect.trueLiteral
        case .none: return dialect.falseLiteral
        case .and(let parts): return allOf(parts.map { sql($0) })
        case .or(let parts): return anyOf(parts.map { sql($0) })
        case .not(let part): return negation(sql(part))
        case .dateRange(let start, let end, let mode):
            return dateRange(
                start: start, end: end, mode: mode, startColumn: "\(datesAndValues).start_date",
                endColumn: "\(datesAndValues).end_date", boundedByLongestDuration: true)
        case .uuids(let uuids): return oneOf("s.uuid", uuids.map(SQLValue.uuid))
        case .sources(let bundles): return oneOf("so.bundle_identifier", bundles.sorted().map(SQLValue.text))
        case .sourceRevisions(let matches):
            return anyOf(RevisionMatch.groups(matches).map { tuples($0.columns, $0.tuples) })
        case .devices(let devices):
            return tuples(DeviceRow.columnNames.map { "d.\($0)" }, devices.map(\.fields))
        case .deviceProperty(let index, let values):
            return oneOf("d.\(DeviceRow.columnNames[index])", values.sorted().map(SQLValue.text))
        case .metadataKeyExists(let key): return dialect.metadataHasKey(key)
        case .metadata(let key, let comparison, let value): return dialect.metadata(key, comparison, value)
        case .metadataIn(let key, let values):
            return values.isEmpty ? dialect.falseLiteral : dialect.metadataIsOneOf(key, values)
        case .value(let comparison, let value):
            return "\(datesAndValues).value \(comparison.rawValue) \(dialect.bind(.real(value)))"
        case .valueIn(let values): return oneOf("\(datesAndValues).value", values.sorted().map { .real(Double($0)) })
        case .noCorrelation: return "s.correlation_id IS NULL"
        case .memberOf(let uuid): return "p.uuid = \(dialect.bind(.uuid(uuid)))"
        case .workoutActivityType(let type): return "w.activity_type = \(dialect.bind(.integer(Int64(type))))"
        case .workoutNumber(let key, let comparison, let value):
            return "\(key.sqlColumn) \(comparison.rawValue) \(dialect.bind(.real(value)))"
        case .workoutMember(let uuid):
            let parent = dialect.bind(.uuid(uuid)), workout = dialect.bind(.uuid(uuid))
            return """
                (p.uuid = \(parent) OR s.id IN (
                    SELECT ws.sample_id FROM workout_sample ws
                    JOIN sample w ON \(dialect.sameUser("w", as: "ws"))w.id = ws.workout_id
                    WHERE \(dialect.sameUser("ws", as: "s"))w.uuid = \(workout)))
                """
        case .workoutActivity(let condition): return detail("workout_activity", activity(condition), alias: "a")
        case .workoutStatistic(let statistic, let type, let comparison, let value):
            return statisticTest(statistic, type: type, comparison, value, of: "ws.activity_uuid IS NULL")
        case .effortRelated(let workout, let activity):
            let workoutValue = dialect.bind(.uuid(workout))
            let activityValue = dialect.bind(activity.map(SQLValue.uuid) ?? dialect.wholeWorkout)
            return """
                s.id IN (SELECT e.sample_id FROM workout_effort e
                         JOIN sample w ON \(dialect.sameUser("w", as: "e"))w.id = e.workout_id
                         WHERE \(dialect.sameUser("e", as: "s"))w.uuid = \(workoutValue) AND e.activity_uuid = \(activityValue))
                """
        case .electrocardiogramClassification(let raw):
            return detail("electrocardiogram", "e.classification = \(dialect.bind(.integer(Int64(raw))))")
        case .electrocardiogramSymptomsStatus(let raw):
            return detail("electrocardiogram", "e.symptoms_status = \(dialect.bind(.integer(Int64(raw))))")
        case .associatedWithElectrocardiogram(let uuid):
            return """
                s.id IN (SELECT es.symptom_id FROM electrocardiogram_symptom es
                         JOIN sample e ON \(dialect.sameUser("e", as: "es"))e.id = es.electrocardiogram_id
                         WHERE \(dialect.sameUser("es", as: "s"))e.uuid = \(dialect.bind(.uuid(uuid))))
                """
        case .clinicalResourceType(let resourceType):
            return detail("clinical_record_sample", "e.resource_type = \(dialect.bind(.text(resourceType)))")
        case .clinicalRecord(let source, let resourceType, let identifier):
            let sourceTest = "so.bundle_identifier = \(dialect.bind(.text(source)))"
            let test =
                "e.resource_type = \(dialect.bind(.text(resourceType))) AND e.identifier = \(dialect.bind(.text(identifier)))"
            return "(\(sourceTest) AND \(detail("clinical_record_sample", test)))"
        case .stateOfMindKind(let kind):
            return detail("state_of_mind", "e.kind = \(dialect.bind(.integer(Int64(kind))))")
        case .stateOfMindLabel(let label):
            return detail("state_of_mind_term", "e.facet = 1 AND e.value = \(dialect.bind(.integer(Int64(label))))")
        case .stateOfMindAssociation(let association):
            return detail(
                "state_of_mind_term", "e.facet = 2 AND e.value = \(dialect.bind(.integer(Int64(association))))")
        case .doseEventConcepts(let codes):
            return detail("medication_dose_event", oneOf("e.concept_code", codes.sorted().map(SQLValue.text)))
        case .doseEventStatuses(let statuses):
            return detail(
                "medication_dose_event", oneOf("e.log_status", statuses.sorted().map { .integer(Int64($0)) }))
        case .doseEventScheduledDates(let dates):
            return detail("medication_dose_event", oneOf("e.scheduled_date", dates.sorted().map(SQLValue.real)))
        case .doseEventScheduledRange(let start, let end):
            var parts = ["e.scheduled_date IS NOT NULL"]
            if let start { parts.append("e.scheduled_date >= \(dialect.bind(.real(start)))") }
            if let end { parts.append("e.scheduled_date < \(dialect.bind(.real(end)))") }
            return detail("medication_dose_event", parts.joined(separator: " AND "))
        }
    }

    /// A condition on the activity `a` of the workout `s` (whose own columns are `w`).
    private mutating func activity(_ condition: ActivityCondition) -> String {
        switch condition {
        case .all: return dialect.trueLiteral
        case .none: return dialect.falseLiteral
        case .and(let parts): return allOf(parts.map { activity($0) })
        case .or(let parts): return anyOf(parts.map { activity($0) })
        case .not(let part): return negation(activity(part))
        case .activityType(let type):
            return "coalesce(a.activity_type, w.activity_type) = \(dialect.bind(.integer(Int64(type))))"
        case .duration(let comparison, let seconds):
            return
                "coalesce(a.duration, a.end_date - a.start_date) \(comparison.rawValue) \(dialect.bind(.real(seconds)))"
        case .dateRange(let start, let end, let mode):
            return dateRange(
                start: start, end: end, mode: mode, startColumn: "a.start_date",
                endColumn: "coalesce(a.end_date, a.start_date)", boundedByLongestDuration: false)
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
            "ws.type = \(dialect.bind(.text(type))) AND \(column) * ws.to_canonical \(comparison.rawValue) "
            + dialect.bind(.real(value))
        return detail("workout_statistics", "\(owner) AND \(test)", alias: "ws")
    }

    /// A date range test on the columns given (``DateRangeMode/bounds(start:end:)``). A bound on an overlapping
    /// row's start reaches back the longest duration of the queried rows when `boundedByLongestDuration`, so that the
    /// test is a bounded scan of a start date index; without it (activities) that bound is left out.
    private mutating func dateRange(
        start: Double?, end: Double?, mode: DateRangeMode, startColumn: String, endColumn: String,
        boundedByLongestDuration: Bool
    ) -> String {
        let parts = mode.bounds(start: start, end: end).compactMap { bound -> String? in
            let value: String
            if bound.lessTheLongestDuration {
                guard boundedByLongestDuration else { return nil }
                value = dialect.lessLongestDuration(bound.value)
            } else {
                value = dialect.bind(.real(bound.value))
            }
            let column = bound.column == .startDate ? startColumn : endColumn
            return "\(column) \(bound.comparison.rawValue) \(value)"
        }
        return allOf(parts)
    }

    /// A test of the sample's rows (`e`, or `alias`) in a kind's table.
    private func detail(_ table: String, _ test: String, alias: String = "e") -> String {
        "EXISTS (SELECT 1 FROM \(table) \(alias) WHERE \(dialect.sameUser(alias, as: "s"))\(alias).sample_id = s.id AND \(test))"
    }

    private mutating func oneOf(_ column: String, _ values: [SQLValue]) -> String {
        values.isEmpty ? dialect.falseLiteral : dialect.isOneOf(column, values)
    }

    private mutating func tuples(_ columns: [String], _ tuples: [[String]]) -> String {
        tuples.isEmpty ? dialect.falseLiteral : dialect.tuplesInclude(columns, tuples)
    }

    private func negation(_ test: String) -> String {
        "((\(test)) IS NOT \(dialect.trueLiteral))"
    }

    /// A conjunction; all of nothing matches everything.
    private func allOf(_ parts: [String]) -> String {
        parts.isEmpty ? dialect.trueLiteral : "(" + parts.joined(separator: " AND ") + ")"
    }

    /// A disjunction; none of nothing matches nothing.
    private func anyOf(_ parts: [String]) -> String {
        parts.isEmpty ? dialect.falseLiteral : "(" + parts.joined(separator: " OR ") + ")"
    }
}
