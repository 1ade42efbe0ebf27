import Foundation
package import OpenHealthKitEngine
import NIOCore
import PostgresNIO

extension PostgresStorage: ExportStorage {
    package func storedSampleTypes() throws -> [String] {
        try session { session in
            var binds = Binds()
            let user = binds.add(user)
            return try session.query(
                """
                SELECT t.identifier FROM object_type t
                WHERE EXISTS (SELECT 1 FROM sample s WHERE s.user_id = \(user) AND s.type_id = t.id)
                ORDER BY t.identifier
                """, binds.bindings
            ).map { try $0.decode(String.self) }
        }
    }

    package func storedDevices() throws -> [DeviceRow] {
        try session { session in
            var binds = Binds()
            let user = binds.add(user)
            return try session.query(
                """
                SELECT \(DeviceRow.columnNames.map { "d.\($0)" }.joined(separator: ", ")) FROM device d
                WHERE d.user_id = \(user)
                    AND EXISTS (SELECT 1 FROM sample s WHERE s.user_id = d.user_id AND s.device_id = d.id)
                ORDER BY d.name, d.model, d.id
                """, binds.bindings
            ).map { row in
                let cells = row.makeRandomAccess()
                return DeviceRow(fields: try DeviceRow.columnNames.indices.map { try cells[$0].decode(String.self) })
            }
        }
    }

    /// One read-only snapshot (REPEATABLE READ: writers go on meanwhile). Samples come through a cursor on the (user,
    /// type, start date) index, a batch at a time; each batch's children are read beside it in one statement per kind
    /// of child, and only for types that have such children at all, so that millions of plain samples cost no child
    /// query.
    package func export(_ query: ExportQuery, to visitor: any ExportVisitor) throws {
        try snapshot { session in
            try ExportReader(session, user: user, catalog: catalog).visit(query, with: visitor)
        }
    }
}

/// Reads an export's records inside one snapshot.
private struct ExportReader: ExportReading {
    let session: Session
    let user: Int64
    let catalog: TypeCatalog
    /// The ids of the types whose samples have members, heartbeats or route locations.
    private let typesWithMembers: Set<Int32>
    private let typesWithHeartbeats: Set<Int32>
    private let typesWithLocations: Set<Int32>

    /// A sample as read with its row and type ids.
    private struct Read {
        let row: SampleRow
        let id: Int64
        let typeID: Int32
    }

    init(_ session: Session, user: Int64, catalog: TypeCatalog) throws {
        self.session = session
        self.user = user
        self.catalog = catalog
        func types(_ sql: String) throws -> Set<Int32> {
            var binds = Binds()
            let placeholder = binds.add(user)
            return Set(
                try session.query(sql.replacingOccurrences(of: "$USER", with: placeholder), binds.bindings)
                    .map { try $0.decode(Int32.self) })
        }
        typesWithMembers = try types(
            """
            SELECT DISTINCT p.type_id FROM sample c JOIN sample p ON p.user_id = c.user_id AND p.id = c.correlation_id
            WHERE c.user_id = $USER AND c.correlation_id IS NOT NULL
            """)
        func typesWith(_ table: String) throws -> Set<Int32> {
            try types(
                """
                SELECT DISTINCT s.type_id FROM sample s
                WHERE s.user_id = $USER AND s.id IN (SELECT sample_id FROM \(table) WHERE user_id = $USER)
                """)
        }
        typesWithHeartbeats = try typesWith("heartbeat")
        typesWithLocations = try typesWith("route_location")
    }

    /// The samples of a type starting in [start, end), by start date, each with its children.
    func forEachRecord(ofType type: String, start: Double?, end: Double?, _ body: (ExportRecord) throws -> Void) throws
    {
        var query = RowQuery(typeIdentifiers: [type], condition: .dateRange(start: start, end: end, mode: .strictStart))
        query.includesDocumentData = true
        var binds = Binds()
        guard let whereSQL = try RowReader(session, user: user, catalog: catalog).filter(query, &binds) else { return }
        try session.forEachBatch(
            RowReader.columnsSQL + ", s.type_id" + RowReader.fromSQL + " WHERE " + whereSQL
                + " ORDER BY s.start_date, s.id",
            binds.bindings
        ) { rows in
            for record in try records(try withDetails(try rows.map(Self.read))) { try body(record) }
        }
    }

    private static func read(_ row: PostgresRow) throws -> Read {
        let (sample, id) = try RowReader.sampleRowAndID(row)
        let cells = row.makeRandomAccess()
        return Read(row: sample, id: id, typeID: try cells[cells.count - 1].decode(Int32.self))
    }

    /// The samples read together with their details (a CDA document with its XML) and workouts' activities and
    /// statistics.
    private func withDetails(_ reads: [Read]) throws -> [Read] {
        var rows = reads.map(\.row)
        try SampleDetailReader(session: session, user: user).fill(&rows, ids: reads.map(\.id), documentData: true)
        try WorkoutChildReader(session: session, user: user).fill(&rows, ids: reads.map(\.id))
        return zip(reads, rows).map { Read(row: $1, id: $0.id, typeID: $0.typeID) }
    }

    /// The records of samples read together: their members (with their own children) and children, each kind read
    /// for all of them in one statement.
    private func records(_ reads: [Read]) throws -> [ExportRecord] {
        func some(_ include: (Read) -> Bool) -> [Read] { reads.filter(include) }
        let members = try self.members(of: some { typesWithMembers.contains($0.typeID) }.map(\.id))
        let heartbeats = try children(
            "SELECT sample_id, position, bpm, time_since_start, time_text FROM heartbeat", order: "position",
            of: some { typesWithHeartbeats.contains($0.typeID) }
        ) { cells, uuid in
            HeartbeatRow(
                sampleUUID: uuid, position: Int(try cells.next(Int64.self)), bpm: try cells.next(),
                timeSinceStart: try cells.next(), timeText: try cells.next())
        }
        let electrocardiograms = some { if case .electrocardiogram? = $0.row.detail { true } else { false } }
        let leads = try children(
            "SELECT sample_id, lead, microvolts FROM electrocardiogram_lead", order: "lead", of: electrocardiograms
        ) { cells, _ in
            ElectrocardiogramLeadRow(
                lead: Int(try cells.next(Int64.self)),
                microvolts: VoltageBlob.decode(Data(try cells.next(ByteBuffer.self).readableBytesView)))
        }
        let symptoms = try symptomTypes(of: electrocardiograms.map(\.id))
        let beats = try children(
            "SELECT sample_id, time_since_start, preceded_by_gap FROM heartbeat_series_beat", order: "position",
            of: some { if case .heartbeatSeries? = $0.row.detail { true } else { false } }
        ) { cells, _ in
            HeartbeatSeriesBeatRow(timeSinceStart: try cells.next(), precededByGap: try cells.next())
        }
        let locations = try children(
            """
            SELECT sample_id, timestamp, latitude, longitude, altitude, horizontal_accuracy, vertical_accuracy, course,
                   speed, course_accuracy, speed_accuracy FROM route_location
            """, order: "timestamp, id", of: some { typesWithLocations.contains($0.typeID) }
        ) { cells, uuid in
            RouteLocationRow(
                routeUUID: uuid, timestamp: try cells.next(), latitude: try cells.next(), longitude: try cells.next(),
                altitude: try cells.next(), horizontalAccuracy: try cells.next(), verticalAccuracy: try cells.next(),
                course: try cells.next(), speed: try cells.next(), courseAccuracy: try cells.next(),
                speedAccuracy: try cells.next())
        }
        return reads.map { read in
            var record = ExportRecord(sample: read.row)
            record.members = members[read.id] ?? []
            record.heartbeats = heartbeats[read.id] ?? []
            record.electrocardiogramLeads = leads[read.id] ?? []
            record.electrocardiogramSymptoms = symptoms[read.id] ?? []
            record.heartbeatSeriesBeats = beats[read.id] ?? []
            record.locations = locations[read.id] ?? []
            if let workout = read.row.workout {
                record.workoutStatistics = workout.statistics
                record.workoutActivities = workout.activities
            }
            return record
        }
    }

    /// The members of these correlations or workouts, each with its own children, by parent, by start date.
    private func members(of parents: [Int64]) throws -> [Int64: [ExportRecord]] {
        guard !parents.isEmpty else { return [:] }
        var binds = Binds()
        let user = binds.add(user), list = binds.add(parents)
        var reads: [(parent: Int64, read: Read)] = []
        for row in try session.query(
            RowReader.columnsSQL + ", s.type_id, s.correlation_id" + RowReader.fromSQL + " " + """
                WHERE s.user_id = \(user) AND s.correlation_id = ANY(\(list)::int8[]) ORDER BY s.start_date, s.id
                """, binds.bindings)
        {
            let cells = row.makeRandomAccess()
            let (sample, id) = try RowReader.sampleRowAndID(row)
            let read = Read(row: sample, id: id, typeID: try cells[cells.count - 2].decode(Int32.self))
            reads.append((try cells[cells.count - 1].decode(Int64.self), read))
        }
        let records = try self.records(try withDetails(reads.map(\.read)))
        var byParent: [Int64: [ExportRecord]] = [:]
        for (entry, record) in zip(reads, records) { byParent[entry.parent, default: []].append(record) }
        return byParent
    }

    /// The rows `select` (whose first column is `sample_id`) reads for these samples, by sample, in `order` within
    /// each; each made by `make` from the remaining cells and its sample's UUID.
    private func children<Child>(
        _ select: String, order: String, of samples: [Read], _ make: (inout Cells, UUID) throws -> Child
    ) throws -> [Int64: [Child]] {
        guard !samples.isEmpty else { return [:] }
        let uuids = Dictionary(uniqueKeysWithValues: samples.map { ($0.id, $0.row.uuid) })
        var binds = Binds()
        let user = binds.add(user), list = binds.add(samples.map(\.id))
        var children: [Int64: [Child]] = [:]
        for row in try session.query(
            select + " WHERE user_id = \(user) AND sample_id = ANY(\(list)::int8[]) ORDER BY sample_id, \(order)",
            binds.bindings)
        {
            var cells = Cells(row)
            let sample: Int64 = try cells.next()
            children[sample, default: []].append(try make(&cells, uuids[sample]!))
        }
        return children
    }

    /// The type identifiers of the symptom samples associated with each of these electrocardiograms, sorted.
    private func symptomTypes(of electrocardiograms: [Int64]) throws -> [Int64: [String]] {
        guard !electrocardiograms.isEmpty else { return [:] }
        var binds = Binds()
        let user = binds.add(user), list = binds.array(electrocardiograms)
        var types: [Int64: [String]] = [:]
        for row in try session.query(
            """
            SELECT DISTINCT es.electrocardiogram_id, t.identifier FROM electrocardiogram_symptom es
            JOIN sample s ON s.user_id = es.user_id AND s.id = es.symptom_id JOIN object_type t ON t.id = s.type_id
            WHERE es.user_id = \(user) AND es.electrocardiogram_id = ANY(\(list))
            ORDER BY es.electrocardiogram_id, t.identifier
            """, binds.bindings)
        {
            let (id, type) = try row.decode((Int64, String).self)
            types[id, default: []].append(type)
        }
        return types
    }

    // MARK: Records that are not samples

    func forEachActivitySummary(firstDay: String?, endDay: String?, _ body: (ActivitySummaryRow) throws -> Void)
        throws
    {
        var binds = Binds()
        var conditions = ["user_id = \(binds.add(user))"]
        if let firstDay { conditions.append("date >= \(binds.add(firstDay))") }
        if let endDay { conditions.append("date < \(binds.add(endDay))") }
        try ActivitySummaryRows.forEach(session, conditions: conditions, binds: binds, body)
    }

    func forEachUnrecognizedRecord(start: Double?, end: Double?, _ body: (UnrecognizedRecordRow) throws -> Void)
        throws
    {
        var binds = Binds()
        let conditions = range("start_date", start: start, end: end, &binds)
        try session.forEachRow(
            """
            SELECT uuid, element, type, start_date, end_date, source_name, attributes, children
            FROM unrecognized_record WHERE \(conditions) ORDER BY id
            """, binds.bindings
        ) { row in
            var cells = Cells(row)
            try body(
                UnrecognizedRecordRow(
                    uuid: try cells.next(), element: try cells.next(), typeIdentifier: try cells.next(),
                    startDate: try cells.next(), endDate: try cells.next(), sourceName: try cells.next(),
                    attributes: try cells.next(), children: try cells.next()))
        }
    }

    /// The user's rows with `column` in [start, end), for the bounds given.
    private func range(_ column: String, start: Double?, end: Double?, _ binds: inout Binds) -> String {
        var conditions = ["user_id = \(binds.add(user))"]
        if let start { conditions.append("\(column) >= \(binds.add(start))") }
        if let end { conditions.append("\(column) < \(binds.add(end))") }
        return conditions.joined(separator: " AND ")
    }
}
