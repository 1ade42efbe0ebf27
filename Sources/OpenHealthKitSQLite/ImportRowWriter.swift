import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// Writes an ``ImportBatch`` inside the caller's transaction: samples whose UUID is stored already are skipped
/// (`ON CONFLICT DO NOTHING`), so re-importing an export adds only what is new. Prepared statements, bound without
/// allocation, one step per row.
struct ImportRowWriter {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    private static let insertSampleSQL = """
        INSERT INTO sample (uuid, type_id, start_date, end_date, value, source_id, source_revision_id, device_id,
                            metadata, sync_identifier, sync_version, correlation_id, anchor)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT DO NOTHING
        """

    func write(_ batch: ImportBatch) throws -> ImportBatchResult {
        let samples = try writeSamples(batch.samples, parents: Self.referencedParents(of: batch))
        var result = ImportBatchResult(
            stored: samples.stored, unrecognizedStored: try writeUnrecognized(batch.unrecognized), change: samples.change)
        result.heartbeatsStored = try writeHeartbeats(batch.heartbeats, parents: samples.storedIDs)
        result.locationsStored = try writeLocations(batch.locations, parents: samples.storedIDs)
        try writeAudiogramPoints(batch.audiogramPoints, parents: samples.storedIDs)
        try writeWorkoutStatistics(batch.workoutStatistics, parents: samples.storedIDs)
        try writeWorkoutActivities(batch.workoutActivities, parents: samples.storedIDs)
        result.activitySummariesStored = try writeActivitySummaries(batch.activitySummaries)
        result.clinicalRecordsStored = try writeClinicalRecords(batch.clinicalRecords)
        return result
    }

    /// The UUIDs that rows of the batch point at: correlations and workouts of members and routes, and the parents
    /// of children. Only their row ids are remembered while writing.
    private static func referencedParents(of batch: ImportBatch) -> Set<UUID> {
        var parents = Set(batch.samples.compactMap(\.correlationUUID))
        parents.formUnion(batch.heartbeats.map(\.sampleUUID))
        parents.formUnion(batch.locations.map(\.routeUUID))
        parents.formUnion(batch.audiogramPoints.map(\.sampleUUID))
        parents.formUnion(batch.workoutStatistics.map(\.workoutUUID))
        parents.formUnion(batch.workoutActivities.map(\.workoutUUID))
        return parents
    }

    private struct SampleOutcome {
        var stored: [Bool]
        /// Row ids of the newly stored samples that other rows of the batch point at.
        var storedIDs: [UUID: Int64]
        var change: StoreChange
    }

    private func writeSamples(_ rows: [SampleRow], parents: Set<UUID>) throws -> SampleOutcome {
        var anchor = try currentAnchor()
        var ids = RowIdentifiers(IdentifierCache(db))
        var outcome = SampleOutcome(stored: Array(repeating: false, count: rows.count), storedIDs: [:], change: StoreChange(typeIdentifiers: [], anchor: anchor))
        var longest: [Int64: Double] = [:]
        let statement = try db.makeStatement(sql: Self.insertSampleSQL)
        let sqlite = statement.sqliteStatement
        let binding = SQLiteBinding(statement: sqlite)
        defer { sqlite3_clear_bindings(sqlite) }

        for index in Self.insertionOrder(rows) {
            let row = rows[index]
            let typeID = try ids.type(row.typeIdentifier)
            let sourceID = try ids.source(row.source)
            if let syncIdentifier = row.syncIdentifier {
                guard try makeRoomForSyncVersion(of: row, syncIdentifier: syncIdentifier, sourceID: sourceID, anchor: &anchor) else { continue }
            }
            let parentID = try row.correlationUUID.map { try outcome.storedIDs[$0] ?? sampleID(of: $0) }
            binding.bind(typeID, at: 2)
            binding.bind(row.startDate, at: 3)
            binding.bind(row.endDate, at: 4)
            binding.bind(row.value, at: 5)
            binding.bind(sourceID, at: 6)
            binding.bind(try ids.revision(sourceID: sourceID, row.revision), at: 7)
            binding.bind(try row.device.map { try ids.device($0) }, at: 8)
            binding.bind(row.syncIdentifier, at: 10)
            binding.bind(row.syncVersion, at: 11)
            binding.bind(parentID, at: 12)
            binding.bind(anchor + 1, at: 13)
            // The UUID and the metadata are bound without a copy: they stay valid until the step is done.
            let id: Int64? = try withUnsafeBytes(of: row.uuid.uuid) { uuid in
                sqlite3_bind_blob(sqlite, 1, uuid.baseAddress, 16, nil)
                guard var metadata = row.metadata else {
                    sqlite3_bind_null(sqlite, 9)
                    return try stepInserting(sqlite)
                }
                return try metadata.withUTF8 { text in
                    sqlite3_bind_text(sqlite, 9, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, Int32(text.count), nil)
                    return try stepInserting(sqlite)
                }
            }
            guard let id else {
                // Already stored. A correlation member the export also lists on its own joins its correlation.
                if let parentID {
                    try db.execute(
                        sql: "UPDATE sample SET correlation_id = ? WHERE uuid = ? AND correlation_id IS NULL",
                        arguments: [parentID, row.uuid.blob])
                }
                continue
            }
            anchor += 1
            outcome.stored[index] = true
            if parents.contains(row.uuid) { outcome.storedIDs[row.uuid] = id }
            if let workout = row.workout { try workout.insert(sampleID: id, into: db) }
            ids.touch(row.typeIdentifier, &outcome.change.typeIdentifiers)
            let duration = row.endDate - row.startDate
            if duration > longest[typeID, default: 0] { longest[typeID] = duration }
        }
        for (typeID, duration) in longest {
            try db.execute(sql: "UPDATE object_type SET max_duration = max(max_duration, ?) WHERE id = ?", arguments: [duration, typeID])
        }
        try db.execute(sql: "UPDATE store_anchor SET value = ?", arguments: [anchor])
        outcome.change.anchor = anchor
        return outcome
    }

    /// The order to insert the rows in: rows that point at no other row by ascending UUID, so that the unique UUID
    /// index is walked once per batch, in key order, instead of at scattered places (an import's UUIDs are
    /// time-ordered, see `ImportIdentity`, yet a batch's rows need not arrive in UUID order); then the correlation
    /// members and routes, in their order, after every row they may point at. (The other indexes follow type and
    /// time, which each batch keeps close together whatever the order.)
    private static func insertionOrder(_ rows: [SampleRow]) -> [Int] {
        func key(_ uuid: UUID) -> (UInt64, UInt64) {
            withUnsafeBytes(of: uuid.uuid) { ($0.load(fromByteOffset: 0, as: UInt64.self).bigEndian, $0.load(fromByteOffset: 8, as: UInt64.self).bigEndian) }
        }
        var independent: [(key: (UInt64, UInt64), index: Int)] = []
        var dependent: [Int] = []
        independent.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            if row.correlationUUID == nil { independent.append((key(row.uuid), index)) } else { dependent.append(index) }
        }
        independent.sort { $0.key < $1.key }
        return independent.map(\.index) + dependent
    }

    /// Runs an `INSERT ... ON CONFLICT DO NOTHING`: the new row's id, or nil when nothing was inserted.
    /// (`RETURNING id` would say the same in one call, but makes SQLite keep an ephemeral table for each row.)
    private func stepInserting(_ statement: SQLiteStatement) throws -> Int64? {
        let code = sqlite3_step(statement)
        let connection = db.sqliteConnection
        let id = code == SQLITE_DONE && sqlite3_changes(connection) > 0 ? sqlite3_last_insert_rowid(connection) : nil
        let reset = sqlite3_reset(statement)
        guard code == SQLITE_DONE, reset == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: reset), message: String(cString: sqlite3_errmsg(connection)))
        }
        return id
    }

    /// The sync rule for an imported row: an equal or newer stored version wins (the row is skipped); an older one
    /// is deleted, leaving a tombstone. Returns whether the row should be inserted.
    private func makeRoomForSyncVersion(of row: SampleRow, syncIdentifier: String, sourceID: Int64, anchor: inout Int64) throws -> Bool {
        guard let stored = try Row.fetchOne(
            db, sql: "SELECT uuid, sync_version FROM sample WHERE source_id = ? AND sync_identifier = ?",
            arguments: [sourceID, syncIdentifier])
        else { return true }
        guard (row.syncVersion ?? 0) > (stored["sync_version"] as Int64? ?? 0), let uuid = UUID(blob: stored["uuid"]) else { return false }
        try db.execute(sql: "UPDATE store_anchor SET value = ?", arguments: [anchor])
        anchor = try RowWriter(db).delete(uuids: [uuid]).anchor
        return true
    }

    private func sampleID(of uuid: UUID) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [uuid.blob]) else {
            throw StorageError.missingParent(uuid)
        }
        return id
    }

    // MARK: Children, stored only with a parent this batch stored

    /// Inserts the children whose parent this batch stored; returns how many.
    @discardableResult
    private func writeChildren<Child>(
        _ children: [Child], sql: String, parent: (Child) -> UUID, parents: [UUID: Int64], bind: (SQLiteBinding, Child) -> Void
    ) throws -> Int {
        guard !children.isEmpty else { return 0 }
        let statement = try db.makeStatement(sql: sql)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        var stored = 0
        for child in children {
            guard let parentID = parents[parent(child)] else { continue }
            binding.bind(parentID, at: 1)
            bind(binding, child)
            try step(statement.sqliteStatement)
            stored += Int(sqlite3_changes(db.sqliteConnection))
        }
        return stored
    }

    private func writeHeartbeats(_ rows: [HeartbeatRow], parents: [UUID: Int64]) throws -> Int {
        try writeChildren(
            rows, sql: "INSERT OR IGNORE INTO heartbeat (sample_id, position, bpm, time_since_start, time_text) VALUES (?, ?, ?, ?, ?)",
            parent: \.sampleUUID, parents: parents
        ) { binding, row in
            binding.bind(Int64(row.position), at: 2)
            binding.bind(row.bpm, at: 3)
            binding.bind(row.timeSinceStart, at: 4)
            binding.bind(row.timeText, at: 5)
        }
    }

    private func writeLocations(_ rows: [RouteLocationRow], parents: [UUID: Int64]) throws -> Int {
        try writeChildren(
            rows,
            sql: """
                INSERT INTO route_location (sample_id, timestamp, latitude, longitude, altitude, horizontal_accuracy,
                                            vertical_accuracy, course, speed, course_accuracy, speed_accuracy)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            parent: \.routeUUID, parents: parents
        ) { binding, row in
            binding.bind(row.timestamp, at: 2)
            binding.bind(row.latitude, at: 3)
            binding.bind(row.longitude, at: 4)
            binding.bind(row.altitude, at: 5)
            binding.bind(row.horizontalAccuracy, at: 6)
            binding.bind(row.verticalAccuracy, at: 7)
            binding.bind(row.course, at: 8)
            binding.bind(row.speed, at: 9)
            binding.bind(row.courseAccuracy, at: 10)
            binding.bind(row.speedAccuracy, at: 11)
        }
    }

    private func writeAudiogramPoints(_ rows: [AudiogramPointRow], parents: [UUID: Int64]) throws {
        try writeChildren(
            rows,
            sql: "INSERT OR IGNORE INTO audiogram_point (sample_id, position, frequency, left_ear, right_ear, attributes) VALUES (?, ?, ?, ?, ?, ?)",
            parent: \.sampleUUID, parents: parents
        ) { binding, row in
            binding.bind(Int64(row.position), at: 2)
            binding.bind(row.frequency, at: 3)
            binding.bind(row.leftEar, at: 4)
            binding.bind(row.rightEar, at: 5)
            binding.bind(row.attributes, at: 6)
        }
    }

    private func writeWorkoutStatistics(_ rows: [WorkoutStatisticsRow], parents: [UUID: Int64]) throws {
        try writeChildren(
            rows,
            sql: """
                INSERT INTO workout_statistics (sample_id, activity_uuid, type, start_date, end_date, average, minimum,
                                                maximum, sum, unit)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            parent: \.workoutUUID, parents: parents
        ) { binding, row in
            if let activity = row.activityUUID { binding.bind(activity, at: 2) } else { binding.bind(Int64?.none, at: 2) }
            binding.bind(row.typeIdentifier, at: 3)
            binding.bind(row.startDate, at: 4)
            binding.bind(row.endDate, at: 5)
            binding.bind(row.average, at: 6)
            binding.bind(row.minimum, at: 7)
            binding.bind(row.maximum, at: 8)
            binding.bind(row.sum, at: 9)
            binding.bind(row.unit, at: 10)
        }
    }

    private func writeWorkoutActivities(_ rows: [WorkoutActivityRow], parents: [UUID: Int64]) throws {
        try writeChildren(
            rows,
            sql: """
                INSERT INTO workout_activity (sample_id, uuid, start_date, end_date, duration, metadata, events)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            parent: \.workoutUUID, parents: parents
        ) { binding, row in
            binding.bind(row.uuid, at: 2)
            binding.bind(row.startDate, at: 3)
            binding.bind(row.endDate, at: 4)
            binding.bind(row.duration, at: 5)
            binding.bind(row.metadata, at: 6)
            binding.bind(row.events, at: 7)
        }
    }

    // MARK: Records that are not samples

    private static let activitySummaryColumns = [
        "active_energy_burned", "active_energy_burned_goal", "apple_move_time", "apple_move_time_goal", "apple_exercise_time",
        "apple_exercise_time_goal", "apple_stand_hours", "apple_stand_hours_goal",
    ]

    /// A day's summary replaces the stored one when it differs and does not come from an earlier export.
    private func writeActivitySummaries(_ rows: [ActivitySummaryRow]) throws -> Int {
        guard !rows.isEmpty else { return 0 }
        let columns = Self.activitySummaryColumns
        let sql = """
            INSERT INTO activity_summary (date, \(columns.joined(separator: ", ")), export_date)
            VALUES (?, \(columns.map { _ in "?" }.joined(separator: ", ")), ?)
            ON CONFLICT(date) DO UPDATE SET \((columns + ["export_date"]).map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            WHERE (\(columns.map { "\($0) IS NOT excluded.\($0)" }.joined(separator: " OR ")))
              AND (activity_summary.export_date IS NULL OR excluded.export_date >= activity_summary.export_date)
            """
        let statement = try db.makeStatement(sql: sql)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        var stored = 0
        for row in rows {
            let values = [row.activeEnergyBurned, row.activeEnergyBurnedGoal, row.appleMoveTime, row.appleMoveTimeGoal,
                          row.appleExerciseTime, row.appleExerciseTimeGoal, row.appleStandHours, row.appleStandHoursGoal]
            binding.bind(row.date, at: 1)
            for (offset, value) in values.enumerated() { binding.bind(value, at: Int32(offset + 2)) }
            binding.bind(row.exportDate, at: Int32(values.count + 2))
            try step(statement.sqliteStatement)
            stored += Int(sqlite3_changes(db.sqliteConnection))
        }
        return stored
    }

    private func writeClinicalRecords(_ rows: [ClinicalRecordRow]) throws -> Int {
        guard !rows.isEmpty else { return 0 }
        let statement = try db.makeStatement(sql: """
            INSERT INTO clinical_record (uuid, type, identifier, source_name, source_url, fhir_version, received_date,
                                         resource_file_path, resource_type, resource)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        var stored = 0
        for row in rows {
            binding.bind(row.uuid, at: 1)
            binding.bind(row.typeIdentifier, at: 2)
            binding.bind(row.identifier, at: 3)
            binding.bind(row.sourceName, at: 4)
            binding.bind(row.sourceURL, at: 5)
            binding.bind(row.fhirVersion, at: 6)
            binding.bind(row.receivedDate, at: 7)
            binding.bind(row.resourceFilePath, at: 8)
            binding.bind(row.resourceType, at: 9)
            binding.bind(row.resource, at: 10)
            try step(statement.sqliteStatement)
            stored += Int(sqlite3_changes(db.sqliteConnection))
        }
        return stored
    }

    private func writeUnrecognized(_ rows: [UnrecognizedRecordRow]) throws -> [Bool] {
        guard !rows.isEmpty else { return [] }
        let statement = try db.makeStatement(sql: """
            INSERT INTO unrecognized_record (uuid, element, type, start_date, end_date, source_name, attributes, children)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        return try rows.map { row in
            binding.bind(row.uuid, at: 1)
            binding.bind(row.element, at: 2)
            binding.bind(row.typeIdentifier, at: 3)
            binding.bind(row.startDate, at: 4)
            binding.bind(row.endDate, at: 5)
            binding.bind(row.sourceName, at: 6)
            binding.bind(row.attributes, at: 7)
            binding.bind(row.children, at: 8)
            try step(statement.sqliteStatement)
            return sqlite3_changes(db.sqliteConnection) > 0
        }
    }

    // MARK: Helpers

    private func step(_ statement: SQLiteStatement) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    private func currentAnchor() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM store_anchor") ?? 0
    }
}

/// The ids of a batch's lookup rows, asking the cache only when a row's type, source, revision or device differs from
/// the previous row's (an export lists records type by type, from a few sources): most rows hash nothing.
private struct RowIdentifiers {
    private var cache: IdentifierCache
    private var lastType: (String, Int64)?
    private var lastSource: (SourceRow, Int64)?
    private var lastRevision: (Int64, RevisionRow, Int64)?
    private var lastDevice: (DeviceRow, Int64)?
    private var lastTouched: String?

    init(_ cache: IdentifierCache) {
        self.cache = cache
    }

    mutating func type(_ identifier: String) throws -> Int64 {
        if let (last, id) = lastType, last == identifier { return id }
        let id = try cache.typeID(identifier)
        lastType = (identifier, id)
        return id
    }

    mutating func source(_ source: SourceRow) throws -> Int64 {
        if let (last, id) = lastSource, last == source { return id }
        let id = try cache.sourceID(source)
        lastSource = (source, id)
        return id
    }

    mutating func revision(sourceID: Int64, _ revision: RevisionRow) throws -> Int64 {
        if let (lastSourceID, last, id) = lastRevision, lastSourceID == sourceID, last == revision { return id }
        let id = try cache.revisionID(sourceID: sourceID, revision)
        lastRevision = (sourceID, revision, id)
        return id
    }

    mutating func device(_ device: DeviceRow) throws -> Int64 {
        if let (last, id) = lastDevice, last == device { return id }
        let id = try cache.deviceID(device)
        lastDevice = (device, id)
        return id
    }

    /// Adds a stored row's type to the change, once per run of rows of one type.
    mutating func touch(_ type: String, _ types: inout Set<String>) {
        if lastTouched == type { return }
        types.insert(type)
        lastTouched = type
    }
}
