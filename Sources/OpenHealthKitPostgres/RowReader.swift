import Foundation
import OpenHealthKitEngine
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

    /// The columns of a ``SampleRow``, over the joins ``ConditionSQL`` names (every join on the same user).
    static let selectSQL = columnsSQL + fromSQL

    /// `SELECT` and the columns of a ``SampleRow``, in ``sampleRow(_:)``'s order (others may follow).
    static let columnsSQL = """
        SELECT s.uuid, t.identifier, s.start_date, s.end_date, s.value, so.bundle_identifier, so.name,
               r.version, r.product_type, r.os_version,
               d.id, d.name, d.manufacturer, d.model, d.hardware_version, d.firmware_version, d.software_version,
               d.local_identifier, d.udi_device_identifier,
               s.metadata, s.sync_identifier, s.sync_version, p.uuid,
               w.activity_type, w.total_energy_burned, w.total_distance, w.total_swimming_stroke_count,
               w.total_flights_climbed, w.events, s.anchor
        """

    /// The tables a sample row is read from.
    static let fromSQL = " FROM sample s JOIN object_type t ON t.id = s.type_id " + joins

    /// The joins a condition may name, each on the sample's user.
    static let joins = """
        JOIN source so ON so.user_id = s.user_id AND so.id = s.source_id
        JOIN source_revision r ON r.user_id = s.user_id AND r.id = s.source_revision_id
        LEFT JOIN device d ON d.user_id = s.user_id AND d.id = s.device_id
        LEFT JOIN sample p ON p.user_id = s.user_id AND p.id = s.correlation_id
        LEFT JOIN workout w ON w.user_id = s.user_id AND w.sample_id = s.id
        """

    /// Calls `body` with each matching row, read through a cursor (inside the caller's snapshot).
    func forEach(_ query: RowQuery, _ body: (SampleRow) throws -> Void) throws {
        var binds = Binds()
        guard let sql = try select(query, &binds) else { return }
        try session.forEachRow(sql, binds.bindings) { try body(Self.sampleRow($0)) }
    }

    /// The matching rows, in one statement (one round trip).
    func rows(_ query: RowQuery) throws -> [SampleRow] {
        var binds = Binds()
        guard let sql = try select(query, &binds) else { return [] }
        return try session.query(sql, binds.bindings).map(Self.sampleRow)
    }

    /// The statement reading `query`'s rows in its order, up to its limit.
    private func select(_ query: RowQuery, _ binds: inout Binds) throws -> String? {
        guard let whereSQL = try filter(query, &binds) else { return nil }
        var sql = Self.selectSQL + " WHERE " + whereSQL + " ORDER BY "
        sql += (query.sort.map { "\(ConditionSQL.column(for: $0.key)) \($0.ascending ? "ASC" : "DESC")" } + ["s.id"])
            .joined(separator: ", ")
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
            conditions.append("so.bundle_identifier = ANY(\(binds.add(Array(visible)))::text[])")
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
    /// visible source).
    func filter(_ query: RowQuery, _ binds: inout Binds) throws -> String? {
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
            guard !visible.isEmpty else { return nil }
            parts.append("so.bundle_identifier = ANY(\(binds.add(Array(visible)))::text[])")
        }
        if let anchor = query.anchorAfter {
            parts.append("s.anchor > \(binds.add(anchor))")
        }
        var condition = ConditionSQL(longestDuration: extent + ")", binds: binds)
        parts.append(condition.sql(query.condition))
        binds = condition.binds
        return parts.joined(separator: " AND ")
    }

    /// `= $n` for one type (so that the planner can walk the (user, type, start_date) index in order), `= ANY($n)`
    /// for several.
    static func oneOf(_ typeIDs: [Int32], _ binds: inout Binds) -> String {
        typeIDs.count == 1 ? "= \(binds.add(typeIDs[0]))" : "= ANY(\(binds.array(typeIDs)))"
    }

    static func sampleRow(_ row: PostgresRow) throws -> SampleRow {
        var cells = Cells(row)
        let uuid: UUID = try cells.next(), type: String = try cells.next()
        let start: Double = try cells.next(), end: Double = try cells.next(), value: Double? = try cells.next()
        let source = SourceRow(bundleIdentifier: try cells.next(), name: try cells.next())
        let revision = RevisionRow(
            version: try cells.next(), productType: try cells.next(), operatingSystemVersion: try cells.next())
        var device: DeviceRow?
        let deviceID: Int64? = try cells.next()
        let fields: [String?] = try (0..<8).map { _ in try cells.next(String?.self) }
        if deviceID != nil {
            device = DeviceRow(
                name: fields[0]!, manufacturer: fields[1]!, model: fields[2]!, hardwareVersion: fields[3]!,
                firmwareVersion: fields[4]!, softwareVersion: fields[5]!, localIdentifier: fields[6]!,
                udiDeviceIdentifier: fields[7]!)
        }
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
        return SampleRow(
            uuid: uuid, typeIdentifier: type, startDate: start, endDate: end, value: value, source: source,
            revision: revision, device: device, metadata: metadata, syncIdentifier: syncIdentifier,
            syncVersion: syncVersion, correlationUUID: correlation, workout: workout, anchor: try cells.next())
    }
}
