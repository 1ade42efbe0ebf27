import Foundation
import OpenHealthKitEngine
import OpenHealthKitSQL
import PostgresNIO

/// Reads a user's rows, tombstones and sources for a ``RowQuery``.
struct RowReader {
    let session: Session
    let user: Int64
    let catalog: TypeCatalog

    init(_ session: Session, user: Int64, catalog: TypeCatalog) {
        self.session = session
        self.user = user
        self.catalog = catalog
    }

    /// The columns of a ``SampleRow``, over the joins `RowConditionSQL` names (every join on the same user).
    static let selectSQL = columnsSQL + fromSQL

    /// `SELECT` and the columns of a ``SampleRow``, in ``sampleRowAndID(_:)``'s order (others may follow).
    static let columnsSQL = """
        SELECT s.uuid, t.identifier, s.start_date, s.end_date, s.value, so.bundle_identifier, so.name,
               r.version, r.product_type, r.os_version,
               d.id, d.name, d.manufacturer, d.model, d.hardware_version, d.firmware_version, d.software_version,
               d.local_identifier, d.udi_device_identifier,
               s.metadata, s.sync_identifier, s.sync_version, p.uuid,
               w.activity_type, w.total_energy_burned, w.total_distance, w.total_swimming_stroke_count,
               w.total_flights_climbed, w.events, s.anchor,
               s.id, q.count, q.minimum, q.maximum, q.most_recent, q.most_recent_start, q.most_recent_end
        """

    /// The tables a sample row is read from (a quantity series' summary is joined: it comes with its row).
    static let fromSQL =
        " FROM sample s JOIN object_type t ON t.id = s.type_id " + joins
        + " LEFT JOIN quantity_series q ON q.user_id = s.user_id AND q.sample_id = s.id"

    /// The joins a condition may name, each on the sample's user.
    static let joins = """
        JOIN source so ON so.user_id = s.user_id AND so.id = s.source_id
        JOIN source_revision r ON r.user_id = s.user_id AND r.id = s.source_revision_id
        LEFT JOIN device d ON d.user_id = s.user_id AND d.id = s.device_id
        LEFT JOIN sample p ON p.user_id = s.user_id AND p.id = s.correlation_id
        LEFT JOIN workout w ON w.user_id = s.user_id AND w.sample_id = s.id
        """

    /// Calls `body` with each matching row, read through a cursor (inside the caller's snapshot), a batch at a
    /// time with its details (one statement per kind of detail in the batch).
    func forEach(_ query: RowQuery, _ body: (SampleRow) throws -> Void) throws {
        var binds = Binds()
        guard let sql = try select(query, &binds) else { return }
        try session.forEachBatch(sql, binds.bindings) { batch in
            for row in try withDetails(batch, query) { try body(row) }
        }
    }

    /// The matching rows: one statement (one round trip), and for types whose samples have details of their own
    /// one more per kind of detail among the rows (two for workouts: activities and statistics) (the caller reads them in one snapshot: ``mayNeedSnapshot(_:)``).
    func rows(_ query: RowQuery) throws -> [SampleRow] {
        var binds = Binds()
        guard let sql = try select(query, &binds) else { return [] }
        return try withDetails(try session.query(sql, binds.bindings), query)
    }

    /// Whether reading `query`'s rows may take more than one statement, so that they must share a snapshot.
    static func mayNeedSnapshot(_ query: RowQuery) -> Bool {
        SampleDetailReader.mayHaveDetails(query.typeIdentifiers)
            || WorkoutChildReader.mayHaveWorkouts(query.typeIdentifiers)
    }

    /// The sample rows of `rows` (read with ``columnsSQL``), with their details.
    private func withDetails(_ rows: [PostgresRow], _ query: RowQuery) throws -> [SampleRow] {
        var samples: [SampleRow] = []
        var ids: [Int64] = []
        samples.reserveCapacity(rows.count)
        ids.reserveCapacity(rows.count)
        var previous: SampleRow.Origin?
        for row in rows {
            let (sample, id) = try Self.sampleRowAndID(row, sharing: previous)
            previous = sample.origin
            samples.append(sample)
            ids.append(id)
        }
        if SampleDetailReader.mayHaveDetails(query.typeIdentifiers) {
            try SampleDetailReader(session: session, user: user).fill(
                &samples, ids: ids, documentData: query.includesDocumentData)
        }
        try WorkoutChildReader(session: session, user: user).fill(&samples, ids: ids)
        return samples
    }

    /// The statement reading `query`'s rows in its order, up to its limit.
    private func select(_ query: RowQuery, _ binds: inout Binds) throws -> String? {
        guard let whereSQL = try filter(query, &binds) else { return nil }
        var sql = Self.selectSQL + " WHERE " + whereSQL + " ORDER BY " + query.orderBySQL
        if let limit = query.limit, limit > 0 { sql += " LIMIT \(limit)" }
        return sql
    }

    func deleted(_ query: RowQuery) throws -> [DeletedRow] {
        var binds = Binds()
        var conditions = ["x.user_id = \(binds.add(user))"]
        if !query.typeIdentifiers.isEmpty {
            let typeIDs = try catalog.lookUp(query.typeIdentifiers, session)
            guard !typeIDs.isEmpty else { return [] }
            conditions.append("x.type_id \(Self.oneOf(typeIDs, &binds))")
        }
        if let visible = query.visibleSources {
            conditions.append(Self.visibility(visible, also: query.alsoVisibleUUIDs, uuidColumn: "x.uuid", &binds))
        }
        if let anchor = query.anchorAfter {
            conditions.append("x.anchor > \(binds.add(anchor))")
        }
        var sql = """
            SELECT x.uuid, t.identifier, so.bundle_identifier, x.sync_identifier, x.sync_version, x.anchor
            FROM deleted_object x JOIN object_type t ON t.id = x.type_id
            JOIN source so ON so.user_id = x.user_id AND so.id = x.source_id
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY x.anchor
            """
        if let limit = query.limit, limit > 0 { sql += " LIMIT \(limit)" }
        return try session.query(sql, binds.bindings).map { row in
            var cells = Cells(row)
            return DeletedRow(
                uuid: try cells.next(), typeIdentifier: try cells.next(), sourceBundleIdentifier: try cells.next(),
                syncIdentifier: try cells.next(), syncVersion: try cells.next(), anchor: try cells.next())
        }
    }

    func sources(_ query: RowQuery) throws -> [SourceRow] {
        var binds = Binds()
        guard let whereSQL = try filter(query, &binds) else { return [] }
        let sql = """
            SELECT DISTINCT so.bundle_identifier, so.name FROM sample s \(Self.joins)
            WHERE \(whereSQL) ORDER BY so.name, so.bundle_identifier
            """
        return try session.query(sql, binds.bindings).map {
            let (bundle, name) = try $0.decode((String, String).self)
            return SourceRow(bundleIdentifier: bundle, name: name)
        }
    }

    /// The WHERE clause (its values appended to `binds`), or nil when no row can match (a type never stored, no
    /// visible source). Date and value conditions test the columns of `datesAndValues`: `s`, the sample, or `v`, a
    /// quantity of a series (``StatisticsReader`` tests each quantity as a sample of its own).
    func filter(_ query: RowQuery, _ binds: inout Binds, datesAndValues: String = "s") throws -> String? {
        let userID = binds.add(user)
        var parts = ["s.user_id = \(userID)"]
        // Uncorrelated (the user's and types' placeholders, not the row's): PostgreSQL computes it once.
        var extent = "(SELECT coalesce(max(max_duration), 0) FROM type_extent WHERE user_id = \(userID)"
        if !query.typeIdentifiers.isEmpty {
            let typeIDs = try catalog.lookUp(query.typeIdentifiers, session)
            guard !typeIDs.isEmpty else { return nil }
            let types = Self.oneOf(typeIDs, &binds)
            parts.append("s.type_id \(types)")
            extent += " AND type_id \(types)"
        }
        if let visible = query.visibleSources {
            guard !visible.isEmpty || !query.alsoVisibleUUIDs.isEmpty else { return nil }
            parts.append(Self.visibility(visible, also: query.alsoVisibleUUIDs, uuidColumn: "s.uuid", &binds))
        }
        if let anchor = query.anchorAfter {
            parts.append("s.anchor > \(binds.add(anchor))")
        }
        var condition = RowConditionSQL(
            PostgresDialect(longestDuration: extent + ")", binds: binds), datesAndValues: datesAndValues)
        parts.append(condition.sql(query.condition))
        if datesAndValues != "s", let (start, end) = query.condition.dateEnvelope {
            // A quantity lies within its sample's dates: the samples overlapping every date the condition can select
            // bound the scan of the (user, type, start date) index, as for samples.
            var overlap = RowConditionSQL(condition.dialect)
            parts.append(overlap.sql(.dateRange(start: start, end: end, mode: .overlaps)))
            condition.dialect = overlap.dialect
        }
        binds = condition.dialect.binds
        return parts.joined(separator: " AND ")
    }

    /// Rows of these sources, or with one of these UUIDs (objects the user let an app read one by one).
    private static func visibility(
        _ sources: Set<String>, also uuids: Set<UUID>, uuidColumn: String, _ binds: inout Binds
    )
        -> String
    {
        var parts: [String] = []
        if !sources.isEmpty { parts.append("so.bundle_identifier = ANY(\(binds.add(Array(sources)))::text[])") }
        if !uuids.isEmpty { parts.append("\(uuidColumn) = ANY(\(binds.array(Array(uuids))))") }
        return parts.isEmpty ? "FALSE" : "(" + parts.joined(separator: " OR ") + ")"
    }

    /// `= $n` for one type (so that the planner can walk the (user, type, start_date) index in order), `= ANY($n)`
    /// for several.
    static func oneOf(_ typeIDs: [Int32], _ binds: inout Binds) -> String {
        typeIDs.count == 1 ? "= \(binds.add(typeIDs[0]))" : "= ANY(\(binds.array(typeIDs)))"
    }

    /// The sample row of a row read with ``columnsSQL`` (its details but a quantity series' summary left out), and its
    /// row id; its origin is `previous` when that holds the same values (so that a run of rows shares one).
    static func sampleRowAndID(_ row: PostgresRow, sharing previous: SampleRow.Origin? = nil) throws -> (
        SampleRow, Int64
    ) {
        var cells = Cells(row)
        let uuid: UUID = try cells.next(), type: String = try cells.next()
        let start: Double = try cells.next(), end: Double = try cells.next(), value: Double? = try cells.next()
        let source = SourceRow(bundleIdentifier: try cells.next(), name: try cells.next())
        let revision = RevisionRow(
            version: try cells.next(), productType: try cells.next(), operatingSystemVersion: try cells.next())
        var device: DeviceRow?
        let deviceID: Int64? = try cells.next()
        let fields: [String?] = try (0..<8).map { _ in try cells.next(String?.self) }
        if deviceID != nil { device = DeviceRow(fields: fields.map { $0 ?? "" }) }
        let metadata: String? = try cells.next(), syncIdentifier: String? = try cells.next()
        let syncVersion: Int64? = try cells.next(), correlation: UUID? = try cells.next()
        var workout: WorkoutRow?
        let activity: Int64? = try cells.next()
        let energy: Double? = try cells.next(), distance: Double? = try cells.next()
        let strokes: Double? = try cells.next(), flights: Double? = try cells.next(), events: String? = try cells.next()
        if let activity {
            workout = WorkoutRow(
                activityType: UInt(activity), totalEnergyBurned: energy, totalDistance: distance,
                totalSwimmingStrokeCount: strokes, totalFlightsClimbed: flights, events: events)
        }
        let anchor: Int64 = try cells.next(), id: Int64 = try cells.next()
        var detail: SampleDetail?
        if let count = try cells.next(Int64?.self) {
            detail = .quantitySeries(
                QuantitySeriesRow(
                    count: Int(count), minimum: try cells.next(), maximum: try cells.next(),
                    mostRecent: try cells.next(),
                    mostRecentStart: try cells.next(), mostRecentEnd: try cells.next()))
        }
        let origin =
            previous.flatMap {
                $0.holds(typeIdentifier: type, source: source, revision: revision, device: device) ? $0 : nil
            } ?? SampleRow.Origin(typeIdentifier: type, source: source, revision: revision, device: device)
        let sample = SampleRow(
            uuid: uuid, origin: origin, startDate: start, endDate: end, value: value, metadata: metadata,
            syncIdentifier: syncIdentifier, syncVersion: syncVersion, correlationUUID: correlation, workout: workout,
            detail: detail, anchor: anchor)
        return (sample, id)
    }
}
