import Foundation
import GRDB
import OpenHealthKitEngine

/// Reads rows, tombstones and sources for a ``RowQuery``.
struct RowReader {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    private static let selectSQL = """
        SELECT s.uuid, t.identifier, s.start_date, s.end_date, s.value, so.bundle_identifier, so.name,
               r.version, r.product_type, r.os_version,
               d.id, d.name, d.manufacturer, d.model, d.hardware_version, d.firmware_version, d.software_version,
               d.local_identifier, d.udi_device_identifier,
               s.metadata, s.sync_identifier, s.sync_version, p.uuid,
               w.activity_type, w.total_energy_burned, w.total_distance, w.total_swimming_stroke_count,
               w.total_flights_climbed, w.events, s.anchor,
               s.id, q.count, q.minimum, q.maximum, q.most_recent, q.most_recent_start, q.most_recent_end
        FROM sample s
        JOIN object_type t ON t.id = s.type_id
        JOIN source so ON so.id = s.source_id
        JOIN source_revision r ON r.id = s.source_revision_id
        LEFT JOIN device d ON d.id = s.device_id
        LEFT JOIN sample p ON p.id = s.correlation_id
        LEFT JOIN workout w ON w.sample_id = s.id
        LEFT JOIN quantity_series q ON q.sample_id = s.id
        """

    func forEach(_ query: RowQuery, _ body: (SampleRow) throws -> Void) throws {
        guard let (whereSQL, arguments) = try filter(query) else { return }
        var sql = Self.selectSQL + " WHERE " + whereSQL + " ORDER BY " + query.orderBySQL
        if let limit = query.limit, limit > 0 { sql += " LIMIT \(limit)" }
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
        let series = SampleDetailReader(db)
        let records = SampleDetailStore(db)
        let workouts = WorkoutChildReader(db)
        while let row = try cursor.next() {
            var sample = Self.sampleRow(row)
            if let workout = sample.workout {
                sample.workout = try workouts.completed(workout, ofSample: row[30], uuid: sample.uuid)
            }
            // Kinds with a table of their own bring their detail: a lookup by the row's id (column 30), only for those
            // kinds (a quantity series' summary is joined above).
            if sample.detail == nil, SampleDetail.isRecordingType(sample.typeIdentifier) {
                sample.detail = try series.detail(ofSample: row[30], uuid: sample.uuid, type: sample.typeIdentifier)
            } else if let kind = SampleDetailKind(typeIdentifier: sample.typeIdentifier) {
                sample.detail = try records.read(kind, sampleID: row[30], documentData: query.includesDocumentData)
            }
            try body(sample)
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
            let (sql, values) = Self.visibility(visible, also: query.alsoVisibleUUIDs, uuidColumn: "x.uuid")
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
        if let limit = query.limit, limit > 0 { sql += " LIMIT \(limit)" }
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { row in
            DeletedRow(
                uuid: UUID(blob: row[0])!, typeIdentifier: row[1], sourceBundleIdentifier: row[2],
                syncIdentifier: row[3], syncVersion: row[4], anchor: row[5])
        }
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
    /// conditions test the columns of `datesAndValues` (see ``ConditionSQL/datesAndValues``).
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
                    db,
                    sql:
                        "SELECT max(max_duration) FROM object_type WHERE id IN (\(typeIDs.map(String.init).joined(separator: ", ")))"
                ) ?? 0
        }
        if let visible = query.visibleSources {
            guard !visible.isEmpty || !query.alsoVisibleUUIDs.isEmpty else { return nil }
            let (sql, values) = Self.visibility(visible, also: query.alsoVisibleUUIDs, uuidColumn: "s.uuid")
            parts.append(sql)
            arguments += values
        }
        if let anchor = query.anchorAfter {
            parts.append("s.anchor > ?")
            arguments.append(anchor)
        }
        var condition = ConditionSQL(longestDuration: longest, datesAndValues: datesAndValues)
        parts.append(condition.sql(query.condition))
        arguments += condition.arguments
        if datesAndValues != "s", let (start, end) = query.condition.dateEnvelope {
            // A quantity lies within its sample's dates: the samples overlapping every date the condition can select
            // bound the scan of the (type, start date) index, as for samples.
            var overlap = ConditionSQL(longestDuration: longest)
            parts.append(overlap.sql(.dateRange(start: start, end: end, mode: .overlaps)))
            arguments += overlap.arguments
        }
        return (parts.joined(separator: " AND "), arguments)
    }

    /// Rows of these sources, or with one of these UUIDs (objects allowed one by one).
    private static func visibility(_ sources: Set<String>, also uuids: Set<UUID>, uuidColumn: String) -> (
        String, [(any DatabaseValueConvertible)?]
    ) {
        var parts: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if !sources.isEmpty {
            parts.append("so.bundle_identifier IN (" + sources.map { _ in "?" }.joined(separator: ", ") + ")")
            arguments += Array(sources)
        }
        if !uuids.isEmpty {
            parts.append("\(uuidColumn) IN (" + uuids.map { _ in "?" }.joined(separator: ", ") + ")")
            arguments += uuids.map(\.blob)
        }
        return (parts.isEmpty ? "0" : "(" + parts.joined(separator: " OR ") + ")", arguments)
    }

    private static func sampleRow(_ row: Row) -> SampleRow {
        let device: DeviceRow? = (row[10] as Int64?).map { _ in
            DeviceRow(
                name: row[11], manufacturer: row[12], model: row[13], hardwareVersion: row[14],
                firmwareVersion: row[15], softwareVersion: row[16], localIdentifier: row[17],
                udiDeviceIdentifier: row[18])
        }
        let workout: WorkoutRow? = (row[23] as Int64?).map { activity in
            WorkoutRow(
                activityType: UInt(activity), totalEnergyBurned: row[24], totalDistance: row[25],
                totalSwimmingStrokeCount: row[26], totalFlightsClimbed: row[27], events: row[28])
        }
        let series: SampleDetail? = (row[31] as Int?).map { count in
            .quantitySeries(
                QuantitySeriesRow(
                    count: count, minimum: row[32], maximum: row[33], mostRecent: row[34], mostRecentStart: row[35],
                    mostRecentEnd: row[36]))
        }
        return SampleRow(
            uuid: UUID(blob: row[0])!, typeIdentifier: row[1], startDate: row[2], endDate: row[3], value: row[4],
            source: SourceRow(bundleIdentifier: row[5], name: row[6]),
            revision: RevisionRow(version: row[7], productType: row[8], operatingSystemVersion: row[9]),
            device: device, metadata: row[19], syncIdentifier: row[20], syncVersion: row[21],
            correlationUUID: (row[22] as Data?).flatMap(UUID.init(blob:)), workout: workout, detail: series,
            anchor: row[29])
    }
}
