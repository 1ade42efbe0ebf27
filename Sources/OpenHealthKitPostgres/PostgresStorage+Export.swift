import Foundation
package import OpenHealthKitEngine
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
    /// The ids of the types whose samples have members, heartbeats, audiogram points or route locations.
    private let typesWithMembers: Set<Int32>
    private let typesWithHeartbeats: Set<Int32>
    private let typesWithPoints: Set<Int32>
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
        typesWithPoints = try typesWith("audiogram_point")
        typesWithLocations = try typesWith("route_location")
    }

    /// The samples of a type starting in [start, end), by start date, each with its children.
    func forEachRecord(ofType type: String, start: Double?, end: Double?, _ body: (ExportRecord) throws -> Void) throws
    {
        let query = RowQuery(typeIdentifiers: [type], condition: .dateRange(start: start, end: end, mode: .strictStart))
        var binds = Binds()
        guard let whereSQL = try RowReader(session, user: user, catalog: catalog).filter(query, &binds) else { return }
        try session.forEachBatch(
            RowReader.columnsSQL + ", s.id, s.type_id" + RowReader.fromSQL + " WHERE " + whereSQL
                + " ORDER BY s.start_date, s.id",
            binds.bindings
        ) { rows in
            for record in try records(try rows.map(Self.read)) { try body(record) }
        }
    }

    private static func read(_ row: PostgresRow) throws -> Read {
        let sample = try RowReader.sampleRow(row)
        let cells = row.makeRandomAccess()
        let count = cells.count
        return Read(
            row: sample, id: try cells[count - 2].decode(Int64.self), typeID: try cells[count - 1].decode(Int32.self))
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
        let points = try children(
            "SELECT sample_id, position, frequency, left_ear, right_ear, attributes FROM audiogram_point",
            order: "position", of: some { typesWithPoints.contains($0.typeID) }
        ) { cells, uuid in
            AudiogramPointRow(
                sampleUUID: uuid, position: Int(try cells.next(Int64.self)), frequency: try cells.next(),
                leftEar: try cells.next(), rightEar: try cells.next(), attributes: try cells.next())
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
        let workouts = some { $0.row.workout != nil }
        let statistics = try children(
            """
            SELECT sample_id, activity_uuid, type, start_date, end_date, average, minimum, maximum, sum, unit
            FROM workout_statistics
            """, order: "id", of: workouts
        ) { cells, uuid in
            WorkoutStatisticsRow(
                workoutUUID: uuid, activityUUID: try cells.next(), typeIdentifier: try cells.next(),
                startDate: try cells.next(), endDate: try cells.next(), average: try cells.next(),
                minimum: try cells.next(), maximum: try cells.next(), sum: try cells.next(), unit: try cells.next())
        }
        let activities = try children(
            "SELECT sample_id, uuid, start_date, end_date, duration, metadata, events FROM workout_activity",
            order: "id", of: workouts
        ) { cells, uuid in
            WorkoutActivityRow(
                workoutUUID: uuid, uuid: try cells.next(), startDate: try cells.next(), endDate: try cells.next(),
                duration: try cells.next(), metadata: try cells.next(), events: try cells.next())
        }
        return reads.map { read in
            var record = ExportRecord(sample: read.row)
            record.members = members[read.id] ?? []
            record.heartbeats = heartbeats[read.id] ?? []
            record.audiogramPoints = points[read.id] ?? []
            record.locations = locations[read.id] ?? []
            record.workoutStatistics = statistics[read.id] ?? []
            record.workoutActivities = activities[read.id] ?? []
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
            RowReader.columnsSQL + ", s.id, s.type_id, s.correlation_id" + RowReader.fromSQL + " " + """
                WHERE s.user_id = \(user) AND s.correlation_id = ANY(\(list)::int8[]) ORDER BY s.start_date, s.id
                """, binds.bindings)
        {
            let cells = row.makeRandomAccess()
            let read = Read(
                row: try RowReader.sampleRow(row), id: try cells[cells.count - 3].decode(Int64.self),
                typeID: try cells[cells.count - 2].decode(Int32.self))
            reads.append((try cells[cells.count - 1].decode(Int64.self), read))
        }
        let records = try self.records(reads.map(\.read))
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

    func forEachClinicalRecord(start: Double?, end: Double?, _ body: (ClinicalRecordRow) throws -> Void) throws {
        var binds = Binds()
        let conditions = range("received_date", start: start, end: end, &binds)
        try session.forEachRow(
            """
            SELECT uuid, type, identifier, source_name, source_url, fhir_version, received_date, resource_file_path,
                   resource_type, resource
            FROM clinical_record WHERE \(conditions) ORDER BY id
            """, binds.bindings
        ) { row in
            var cells = Cells(row)
            try body(
                ClinicalRecordRow(
                    uuid: try cells.next(), typeIdentifier: try cells.next(), identifier: try cells.next(),
                    sourceName: try cells.next(), sourceURL: try cells.next(), fhirVersion: try cells.next(),
                    receivedDate: try cells.next(), resourceFilePath: try cells.next(),
                    resourceType: try cells.next(), resource: try cells.next()))
        }
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
