import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQL

/// Reads rows, tombstones and sources for a ``RowQuery``.
///
/// A sample row is read as integer ids and plain columns, stepped by hand from a cached prepared statement; its type,
/// source, revision and device come from a ``LookupResolver`` (the store's ``LookupCache``) as one origin shared by the
/// read's rows of the same ids, not from joins decoding their strings on every row.
struct RowReader {
    let db: Database
    /// What the lookup ids stand for, shared by the store's reads; nil remembers nothing beyond a read.
    let lookups: LookupCache?

    init(_ db: Database, lookups: LookupCache? = nil) {
        self.db = db
        self.lookups = lookups
    }

    /// The joins `RowConditionSQL` may name; SQLite drops a LEFT JOIN on a unique key whose columns a query does not
    /// use, and the lookup rows always exist (foreign keys), so a LEFT JOIN of them selects what an inner join would.
    static let joins = """
        FROM sample s
        LEFT JOIN source so ON so.id = s.source_id
        LEFT JOIN source_revision r ON r.id = s.source_revision_id
        LEFT JOIN device d ON d.id = s.device_id
        LEFT JOIN sample p ON p.id = s.correlation_id
        LEFT JOIN workout w ON w.sample_id = s.id
        LEFT JOIN quantity_series q ON q.sample_id = s.id
        """

    /// The selected columns, in the order ``sampleRow(_:workouts:series:resolver:)`` reads them. The workout and series columns are NULL for a
    /// query whose types cannot have them, which saves their joins.
    private static func columns(workouts: Bool, series: Bool) -> String {
        let workout =
            workouts
            ? """
            w.activity_type, w.total_energy_burned, w.total_distance, w.total_swimming_stroke_count,
            w.total_flights_climbed, w.events
            """ : "NULL, NULL, NULL, NULL, NULL, NULL"
        let summary =
            series
            ? "q.count, q.minimum, q.maximum, q.most_recent, q.most_recent_start, q.most_recent_end"
            : "NULL, NULL, NULL, NULL, NULL, NULL"
        return """
            SELECT s.id, s.uuid, s.type_id, s.start_date, s.end_date, s.value, s.source_id, s.source_revision_id,
                   s.device_id, s.metadata, s.sync_identifier, s.sync_version, p.uuid, s.anchor,
                   \(workout), \(summary)
            """
    }

    /// A statement with this many arguments or fewer is kept prepared on its connection (GRDB's statement cache);
    /// longer ones (lists of UUIDs or sources, which vary without end) are compiled for the read only.
    private static let cachedArgumentLimit = 16

    /// `sql` with `arguments` bound, kept prepared on the connection (GRDB's statement cache) when it has at most
    /// ``cachedArgumentLimit`` arguments, compiled for this read otherwise.
    private func prepared(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Statement {
        let statement =
            arguments.count <= Self.cachedArgumentLimit
            ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try statement.setArguments(StatementArguments(arguments))
        return statement
    }

    /// Calls `body` with each matching row, in the query's order, up to its limit.
    func forEach(_ query: RowQuery, _ body: (SampleRow) throws -> Void) throws {
        guard Self.ordersByID(query) else {
            return try scan(query) { row, _ in try body(row) }
        }
        var rows: [SampleRow] = []
        var ids: [Int64] = []
        try scan(query) { row, id in
            rows.append(row)
            ids.append(id)
        }
        // Rows are handed out in place (borrowed through the buffer, not copied out of the array); only their
        // positions are sorted, when needed.
        try rows.withUnsafeBufferPointer { rows in
            if let order = ReadOrder.positions(sorting: ids) {
                for index in order { try body(rows[index]) }
            } else {
                for index in rows.indices { try body(rows[index]) }
            }
        }
    }

    /// Calls `body` with each matching row as the statement reads it, and its key in the query's order
    /// (``Storage/forEachInReadOrder(_:_:)``).
    func forEachInReadOrder(_ query: RowQuery, _ body: (SampleRow, Int64) throws -> Void) throws {
        try scan(query, body)
    }

    /// Whether the query's rows come in id order, restored after the scan: with no sort and no limit, SQLite is not
    /// asked to sort them (a temporary B-tree of whole rows, as a date range scan gives them in date order), which
    /// costs nothing when the dates were saved in order, as they mostly are.
    private static func ordersByID(_ query: RowQuery) -> Bool {
        query.sort.isEmpty && (query.limit ?? 0) <= 0
    }

    /// Steps through the matching rows in the statement's order (the query's, or the scan's when
    /// ``ordersByID(_:)``), up to the limit, calling `body` with each row and its key in the query's order: its id
    /// when that order is the id order left to restore, else its position.
    private func scan(_ query: RowQuery, _ body: (SampleRow, Int64) throws -> Void) throws {
        guard var (whereSQL, arguments) = try filter(query) else { return }
        let types = query.typeIdentifiers
        let workouts = types.isEmpty || types.contains(HKWorkoutTypeIdentifier)
        let series = types.isEmpty || types.contains { HKObjectType.type(forRawIdentifier: $0) is HKQuantityType }
        var sql = Self.columns(workouts: workouts, series: series) + " " + Self.joins + " WHERE " + whereSQL
        let ordersByID = Self.ordersByID(query)
        if !ordersByID {
            sql += " ORDER BY " + query.orderBySQL
        }
        if let limit = query.limit, limit > 0 {
            sql += " LIMIT ?"
            arguments.append(Int64(limit))
        }
        let statement = try prepared(sql, arguments)
        let handle = statement.sqliteStatement
        // Naming `statement` here keeps it (and so `handle`) alive to the end of the read.
        defer { sqlite3_reset(statement.sqliteStatement) }
        var resolver = LookupResolver(db, cache: lookups)
        defer { resolver.finish() }
        var kinds = TypeKinds()
        let details = SampleDetailReader(db)
        let records = SampleDetailStore(db)
        let workoutChildren = WorkoutChildReader(db)
        var position: Int64 = 0
        while try db.step(handle) {
            let columns = StatementColumns(handle)
            let id = columns.int64(0)
            var sample = try Self.sampleRow(columns, workouts: workouts, series: series, resolver: &resolver)
            if let workout = sample.workout {
                sample.workout = try workoutChildren.completed(workout, ofSample: id, uuid: sample.uuid)
            }
            // Kinds with a table of their own bring their detail: a lookup by the row's id, only for those kinds (a
            // quantity series' summary is selected above).
            switch kinds.kind(of: columns.int64(2), identifier: sample.typeIdentifier) {
            case .plain:
                break
            case .detail:
                if sample.detail == nil {
                    sample.detail = try details.detail(ofSample: id, uuid: sample.uuid, type: sample.typeIdentifier)
                }
            case .record(let kind):
                if sample.detail == nil {
                    sample.detail = try records.read(kind, sampleID: id, documentData: query.includesDocumentData)
                }
            }
            try body(sample, ordersByID ? id : position)
            position += 1
        }
    }

    func deleted(_ query: RowQuery) throws -> [DeletedRow] {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if !query.typeIdentifiers.isEmpty {
            conditions.append(
                "t.identifier IN (" + query.typeIdentifiers.map { _ in "?" }.joined(separator: ", ") + ")")
            arguments += query.typeIdentifiers
        }
        if let visible = query.visibleSources {
            let (sql, values) = Self.visibility(
                visible, also: query.alsoVisibleUUIDs, sourceColumn: "x.source_id", uuidColumn: "x.uuid")
            conditions.append(sql)
            arguments += values
        }
        if let anchor = query.anchorAfter {
            conditions.append("x.anchor > ?")
            arguments.append(anchor)
        }
        var sql = """
            SELECT x.uuid, t.identifier, so.bundle_identifier, x.sync_identifier, x.sync_version, x.anchor
            FROM deleted_object x JOIN object_type t ON t.id = x.type_id JOIN source so ON so.id = x.source_id
            """
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY x.anchor"
        if let limit = query.limit, limit > 0 {
            sql += " LIMIT ?"
            arguments.append(Int64(limit))
        }
        // Kept prepared like the rows' statement: an anchored read asks for the tombstones on every page.
        let statement = try prepared(sql, arguments)
        let handle = statement.sqliteStatement
        // Naming `statement` here keeps it (and so `handle`) alive to the end of the read.
        defer { sqlite3_reset(statement.sqliteStatement) }
        var tombstones: [DeletedRow] = []
        while try db.step(handle) {
            let columns = StatementColumns(handle)
            guard let uuid = columns.uuid(0) else { continue }
            tombstones.append(
                DeletedRow(
                    uuid: uuid, typeIdentifier: columns.text(1) ?? "", sourceBundleIdentifier: columns.text(2) ?? "",
                    syncIdentifier: columns.text(3), syncVersion: columns.int64OrNil(4), anchor: columns.int64(5)))
        }
        return tombstones
    }

    func sources(_ query: RowQuery) throws -> [SourceRow] {
        guard let (whereSQL, arguments) = try filter(query) else { return [] }
        let sql = """
            SELECT DISTINCT so.bundle_identifier, so.name FROM sample s
            JOIN source so ON so.id = s.source_id
            JOIN source_revision r ON r.id = s.source_revision_id
            LEFT JOIN device d ON d.id = s.device_id
            LEFT JOIN sample p ON p.id = s.correlation_id
            LEFT JOIN workout w ON w.sample_id = s.id
            WHERE \(whereSQL) ORDER BY so.name, so.bundle_identifier
            """
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map {
            SourceRow(bundleIdentifier: $0[0], name: $0[1])
        }
    }

    /// The WHERE clause and its arguments, or nil when no row can match (a type never stored). Date and value
    /// conditions test the columns of `datesAndValues` (see `RowConditionSQL`).
    func filter(_ query: RowQuery, datesAndValues: String = "s") throws -> (String, [(any DatabaseValueConvertible)?])?
    {
        var parts: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        var longest: Double
        if query.typeIdentifiers.isEmpty {
            longest = try Double.fetchOne(db, sql: "SELECT max(max_duration) FROM object_type") ?? 0
        } else {
            let typeIDs = try query.typeIdentifiers.compactMap { try IdentifierCache.typeID($0, in: db, create: false) }
            guard !typeIDs.isEmpty else { return nil }
            parts.append("s.type_id IN (" + typeIDs.map(String.init).joined(separator: ", ") + ")")
            longest =
                try Double.fetchOne(
                    typeIDs.count == 1
                        ? db.cachedStatement(sql: "SELECT max_duration FROM object_type WHERE id = ?")
                        : db.makeStatement(
                            sql:
                                "SELECT max(max_duration) FROM object_type WHERE id IN (\(typeIDs.map(String.init).joined(separator: ", ")))"
                        ),
                    arguments: typeIDs.count == 1 ? [typeIDs[0]] : []) ?? 0
        }
        if let visible = query.visibleSources {
            guard !visible.isEmpty || !query.alsoVisibleUUIDs.isEmpty else { return nil }
            let (sql, values) = Self.visibility(
                visible, also: query.alsoVisibleUUIDs, sourceColumn: "s.source_id", uuidColumn: "s.uuid")
            parts.append(sql)
            arguments += values
        }
        if let anchor = query.anchorAfter {
            parts.append("s.anchor > ?")
            arguments.append(anchor)
        }
        var condition = RowConditionSQL(SQLiteDialect(longestDuration: longest), datesAndValues: datesAndValues)
        parts.append(condition.sql(query.condition))
        if datesAndValues != "s", let (start, end) = query.condition.dateEnvelope {
            // A quantity lies within its sample's dates: the samples overlapping every date the condition can select
            // bound the scan of the (type, start date) index, as for samples.
            var overlap = RowConditionSQL(condition.dialect)
            parts.append(overlap.sql(.dateRange(start: start, end: end, mode: .overlaps)))
            condition.dialect = overlap.dialect
        }
        arguments += condition.dialect.arguments
        return (parts.joined(separator: " AND "), arguments)
    }

    /// The dates a condition's date ranges can select at most (nil bounds open), whatever their mode; nil when the
    /// condition does not bound dates (a negation, or a disjunction with an unbounded branch).
    static func envelope(of condition: RowCondition) -> (start: Double?, end: Double?)? {
        switch condition {
        case .dateRange(let start, let end, _):
            return (start, end)
        case .and(let parts):
            var result: (start: Double?, end: Double?)?
            for part in parts {
                guard let bounds = envelope(of: part) else { continue }
                let start = [result?.start, bounds.start].compactMap { $0 }.max()
                let end = [result?.end, bounds.end].compactMap { $0 }.min()
                result = (start, end)
            }
            return result
        case .or(let parts):
            guard !parts.isEmpty else { return nil }
            var starts: [Double] = [], ends: [Double] = []
            var openStart = false, openEnd = false
            for part in parts {
                guard let bounds = envelope(of: part) else { return nil }
                if let start = bounds.start { starts.append(start) } else { openStart = true }
                if let end = bounds.end { ends.append(end) } else { openEnd = true }
            }
            return (openStart ? nil : starts.min(), openEnd ? nil : ends.max())
        default:
            return nil
        }
    }

    /// Rows of these sources, or with one of these UUIDs (objects allowed one by one). The sources are tested by id
    /// (SQLite finds the ids once, not a source row per sample).
    private static func visibility(
        _ sources: Set<String>, also uuids: Set<UUID>, sourceColumn: String, uuidColumn: String
    ) -> (
        String, [(any DatabaseValueConvertible)?]
    ) {
        var parts: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if !sources.isEmpty {
            parts.append(
                "\(sourceColumn) IN (SELECT id FROM source WHERE bundle_identifier IN ("
                    + sources.map { _ in "?" }.joined(separator: ", ") + "))")
            arguments += Array(sources)
        }
        if !uuids.isEmpty {
            parts.append("\(uuidColumn) IN (" + uuids.map { _ in "?" }.joined(separator: ", ") + ")")
            arguments += uuids.map(\.blob)
        }
        return (parts.isEmpty ? "0" : "(" + parts.joined(separator: " OR ") + ")", arguments)
    }

    /// The row the statement stands on; `workouts` and `series` tell whether the statement selected those columns
    /// (NULL otherwise, left unread).
    private static func sampleRow(
        _ columns: StatementColumns, workouts: Bool, series: Bool, resolver: inout LookupResolver
    ) throws -> SampleRow {
        let workout: WorkoutRow? = (workouts ? columns.int64OrNil(14) : nil).map { activity in
            WorkoutRow(
                activityType: UInt(activity), totalEnergyBurned: columns.double(15), totalDistance: columns.double(16),
                totalSwimmingStrokeCount: columns.double(17), totalFlightsClimbed: columns.double(18),
                events: columns.text(19))
        }
        let summary: SampleDetail? = (series ? columns.int64OrNil(20) : nil).map { count in
            .quantitySeries(
                QuantitySeriesRow(
                    count: Int(count), minimum: columns.double(21) ?? 0, maximum: columns.double(22) ?? 0,
                    mostRecent: columns.double(23) ?? 0, mostRecentStart: columns.double(24) ?? 0,
                    mostRecentEnd: columns.double(25) ?? 0))
        }
        let origin = try resolver.origin(
            .init(
                type: columns.int64(2), source: columns.int64(6), revision: columns.int64(7),
                device: columns.int64OrNil(8)))
        return SampleRow(
            uuid: columns.uuid(1) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), origin: origin,
            startDate: columns.real(3), endDate: columns.real(4), value: columns.double(5),
            metadata: columns.text(9), syncIdentifier: columns.text(10), syncVersion: columns.int64OrNil(11),
            correlationUUID: columns.uuid(12), workout: workout, detail: summary, anchor: columns.int64(13))
    }
}

/// Which detail reader, if any, a type's rows need: decided once per type of a read, not once per row.
private struct TypeKinds {
    enum Kind {
        case plain, detail
        case record(SampleDetailKind)
    }

    private var last: (typeID: Int64, kind: Kind)?
    private var known: [Int64: Kind] = [:]

    /// The kind of the type `typeID` stands for; `identifier` is asked for once per type.
    mutating func kind(of typeID: Int64, identifier: @autoclosure () -> String) -> Kind {
        if let last, last.typeID == typeID { return last.kind }
        let kind: Kind
        if let remembered = known[typeID] {
            kind = remembered
        } else if SampleDetail.isRecordingType(identifier()) {
            kind = .detail
        } else if let record = SampleDetailKind(typeIdentifier: identifier()) {
            kind = .record(record)
        } else {
            kind = .plain
        }
        known[typeID] = kind
        last = (typeID, kind)
        return kind
    }
}
