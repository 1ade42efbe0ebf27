import Foundation
import GRDB
package import OpenHealthKitEngine

extension SQLiteStorage: ExportStorage {
    package func storedSampleTypes() throws -> [String] {
        try writer.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT t.identifier FROM object_type t
                    WHERE EXISTS (SELECT 1 FROM sample s WHERE s.type_id = t.id)
                    ORDER BY t.identifier
                    """)
        }
    }

    package func storedDevices() throws -> [DeviceRow] {
        try writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(IdentifierCache.deviceColumns) FROM device d
                    WHERE EXISTS (SELECT 1 FROM sample s WHERE s.device_id = d.id)
                    ORDER BY name, model, id
                    """
            ).map { row in DeviceRow(fields: DeviceRow.columnNames.indices.map { row[$0] }) }
        }
    }

    /// One read transaction (a snapshot in WAL mode: writers go on meanwhile). Samples come from a cursor on the
    /// (type, start date) index; each sample's children are read beside it on the same connection, and only for types
    /// that have such children at all, so that millions of plain samples cost no child query.
    package func export(_ query: ExportQuery, to visitor: any ExportVisitor) throws {
        try writer.read { db in
            try ExportReader(db).visit(query, with: visitor)
        }
    }
}

/// Reads an export's records inside one read transaction.
private struct ExportReader: ExportReading {
    let db: Database
    /// The ids of the types whose samples have members, heartbeats or route locations.
    private let typesWithMembers: Set<Int64>
    private let typesWithHeartbeats: Set<Int64>
    private let typesWithLocations: Set<Int64>

    init(_ db: Database) throws {
        self.db = db
        func types(_ sql: String) throws -> Set<Int64> { Set(try Int64.fetchAll(db, sql: sql)) }
        typesWithMembers = try types(
            """
            SELECT DISTINCT p.type_id FROM sample c JOIN sample p ON p.id = c.correlation_id WHERE c.correlation_id IS NOT NULL
            """)
        typesWithHeartbeats = try types(
            "SELECT DISTINCT type_id FROM sample WHERE id IN (SELECT sample_id FROM heartbeat)")
        typesWithLocations = try types(
            "SELECT DISTINCT type_id FROM sample WHERE id IN (SELECT sample_id FROM route_location)")
    }

    /// The samples of a type starting in [start, end), by start date, each with its children.
    func forEachRecord(ofType type: String, start: Double?, end: Double?, _ body: (ExportRecord) throws -> Void) throws
    {
        guard let typeID = try IdentifierCache.typeID(type, in: db, create: false) else { return }
        var query = RowQuery(
            typeIdentifiers: [type], condition: .dateRange(start: start, end: end, mode: .strictStart),
            sort: [RowSort(.startDate)])
        query.includesDocumentData = true
        try RowReader(db).forEach(query) { row in
            try body(try record(row, typeID: typeID))
        }
    }

    private func record(_ row: SampleRow, typeID: Int64) throws -> ExportRecord {
        var record = ExportRecord(sample: row)
        let hasMembers = typesWithMembers.contains(typeID)
        let hasHeartbeats = typesWithHeartbeats.contains(typeID)
        let hasLocations = typesWithLocations.contains(typeID)
        let hasBulk: Bool
        switch row.detail {
        case .electrocardiogram?, .heartbeatSeries?: hasBulk = true
        default: hasBulk = false
        }
        guard hasMembers || hasHeartbeats || hasLocations || hasBulk || row.workout != nil else { return record }
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [row.uuid.blob])
        else {
            return record
        }
        if hasMembers {
            let members = RowQuery(typeIdentifiers: [], condition: .memberOf(row.uuid), sort: [RowSort(.startDate)])
            var rows: [SampleRow] = []
            try RowReader(db).forEach(members) { rows.append($0) }
            record.members = try rows.map { member in
                guard let memberTypeID = try IdentifierCache.typeID(member.typeIdentifier, in: db, create: false) else {
                    return ExportRecord(sample: member)
                }
                return try self.record(member, typeID: memberTypeID)
            }
        }
        if hasHeartbeats { record.heartbeats = try heartbeats(of: id, uuid: row.uuid) }
        switch row.detail {
        case .electrocardiogram?:
            record.electrocardiogramLeads = try SampleDetailBulkReader(db).leads(ofSample: id)
            record.electrocardiogramSymptoms = try SampleDetailBulkReader(db).symptomTypes(ofSample: id)
        case .heartbeatSeries?: record.heartbeatSeriesBeats = try SampleDetailBulkReader(db).beats(ofSample: id)
        default: break
        }
        if hasLocations { record.locations = try RouteLocationReader(db).locations(of: row.uuid) }
        if let workout = row.workout {
            record.workoutStatistics = workout.statistics
            record.workoutActivities = workout.activities
        }
        return record
    }

    private func heartbeats(of id: Int64, uuid: UUID) throws -> [HeartbeatRow] {
        try Row.fetchAll(
            db,
            sql:
                "SELECT position, bpm, time_since_start, time_text FROM heartbeat WHERE sample_id = ? ORDER BY position",
            arguments: [id]
        ).map { HeartbeatRow(sampleUUID: uuid, position: $0[0], bpm: $0[1], timeSinceStart: $0[2], timeText: $0[3]) }
    }

    // MARK: Records that are not samples

    func forEachActivitySummary(firstDay: String?, endDay: String?, _ body: (ActivitySummaryRow) throws -> Void) throws
    {
        let (conditions, arguments) = Self.range("date", start: firstDay, end: endDay)
        try ActivitySummaryRows.forEach(in: db, filter: Self.whereClause(conditions), arguments: arguments, body)
    }

    func forEachUnrecognizedRecord(start: Double?, end: Double?, _ body: (UnrecognizedRecordRow) throws -> Void) throws
    {
        let (conditions, arguments) = Self.range("start_date", start: start, end: end)
        let sql = """
            SELECT uuid, element, type, start_date, end_date, source_name, attributes, children FROM unrecognized_record
            """ + Self.whereClause(conditions) + " ORDER BY id"
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
        while let row = try cursor.next() {
            guard let uuid = UUID(blob: row[0]) else { continue }
            try body(
                UnrecognizedRecordRow(
                    uuid: uuid, element: row[1], typeIdentifier: row[2], startDate: row[3], endDate: row[4],
                    sourceName: row[5],
                    attributes: row[6], children: row[7]))
        }
    }

    /// `column >= start AND column < end` for the bounds given.
    private static func range<Bound: DatabaseValueConvertible>(
        _ column: String, start: Bound?, end: Bound?
    ) -> ([String], [(any DatabaseValueConvertible)?]) {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let start {
            conditions.append("\(column) >= ?")
            arguments.append(start)
        }
        if let end {
            conditions.append("\(column) < ?")
            arguments.append(end)
        }
        return (conditions, arguments)
    }

    private static func whereClause(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }
}
