import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// The one writer of the `sample` table, inside the caller's transaction: a save (``Storage/insert(_:)``) and an
/// import batch (``ExchangeStorage/importBatch(_:)``) both insert their samples here. It executes the engine's
/// ``SampleWritePlan`` (HealthKit's sync rule, correlations, UUIDs stored already under the caller's
/// ``SampleConflictPolicy``), step by step, each step taking the next anchor, and stores each type's longest duration.
/// One prepared statement per batch, bound without allocation, one step per row.
struct SampleInserter {
    /// What inserting a batch did.
    struct Outcome {
        /// For each row of the batch, in order: whether it was newly stored.
        var stored: [Bool]
        /// The row ids of the newly stored rows among the parents the caller named.
        var storedIDs: [UUID: Int64]
        /// The types stored or deleted (by the sync rule), and the anchor after the batch.
        var change: StoreChange
    }

    let db: Database
    let policy: SampleConflictPolicy

    init(_ db: Database, policy: SampleConflictPolicy) {
        self.db = db
        self.policy = policy
    }

    private static let insertSQL = """
        INSERT INTO sample (uuid, type_id, start_date, end_date, value, source_id, source_revision_id, device_id,
                            metadata, sync_identifier, sync_version, correlation_id, anchor)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Inserts the rows as the engine plans them, then stores the anchor and the longest durations. `parents` are the
    /// UUIDs that rows of the batch point at (members' correlations, children's parents): only their row ids are
    /// remembered. What it inserts and deletes goes in `notes`, for the statistics aggregates.
    func insert(_ rows: [SampleRow], parents: Set<UUID>, notes: inout StatisticsNotes) throws -> Outcome {
        var anchor = try StoreAnchor.current(db)
        var ids = RowIdentifiers(IdentifierCache(db))
        // Sources are numbered in the order rows are inserted, which an import makes independent of the file's.
        let order = policy.order(rows)
        var sourceIDs = [Int64](repeating: 0, count: rows.count)
        for index in order { sourceIDs[index] = try ids.source(rows[index].source) }
        let plan = try InlineExecution.complete {
            try await SampleWritePlanner.plan(
                rows, order: order, sourceIDs: sourceIDs, policy: policy, lookup: SQLiteSampleLookup(db: db))
        }
        var outcome = Outcome(
            stored: plan.stored, storedIDs: [:], change: StoreChange(typeIdentifiers: [], anchor: anchor))
        var insertedIDs = [Int64](repeating: 0, count: plan.inserts.count)
        // Stored electrocardiograms and their symptoms, associated once every sample of the batch is stored.
        var electrocardiograms: [(id: Int64, symptoms: [UUID])] = []
        let statement = try db.makeStatement(sql: Self.insertSQL)
        let sqlite = statement.sqliteStatement
        let binding = SQLiteBinding(statement: sqlite)
        defer { sqlite3_clear_bindings(sqlite) }
        let deleter = SampleDeleter(db)
        func parentID(_ parent: SampleWritePlan.Parent?) -> Int64? {
            switch parent {
            case .none: nil
            case .stored(let id): id
            case .planned(let insert): insertedIDs[insert] == 0 ? nil : insertedIDs[insert]
            }
        }
        // Rows stored earlier in the batch whose correlation, which the plan gave them later, comes after them.
        var laterParents: [(id: Int64, parent: SampleWritePlan.Parent)] = []

        for step in plan.steps {
            let planned: Int
            switch step {
            case .deleteStored(let id):
                outcome.change.typeIdentifiers.insert(try deleter.deleteSample(id: id, anchor: &anchor, notes: &notes))
                continue
            case .deletePlanned(let planned):
                outcome.change.typeIdentifiers.insert(
                    try deleter.deleteSample(id: insertedIDs[planned], anchor: &anchor, notes: &notes))
                continue
            case .insert(let index):
                planned = index
            }
            let insert = plan.inserts[planned]
            let row = rows[insert.row]
            let typeID = try ids.type(row.typeIdentifier)
            let sourceID = sourceIDs[insert.row]
            anchor += 1
            binding.bind(typeID, at: 2)
            binding.bind(row.startDate, at: 3)
            binding.bind(row.endDate, at: 4)
            binding.bind(row.value, at: 5)
            binding.bind(sourceID, at: 6)
            binding.bind(try ids.revision(sourceID: sourceID, row.revision), at: 7)
            binding.bind(try row.device.map { try ids.device($0) }, at: 8)
            binding.bind(row.syncIdentifier, at: 10)
            binding.bind(row.syncVersion, at: 11)
            binding.bind(parentID(insert.parent), at: 12)
            binding.bind(anchor, at: 13)
            // The UUID and the metadata are bound without a copy: they stay valid until the step is done.
            let id: Int64 = try withUnsafeBytes(of: row.uuid.uuid) { uuid in
                sqlite3_bind_blob(sqlite, 1, uuid.baseAddress, 16, nil)
                guard var metadata = row.metadata else {
                    sqlite3_bind_null(sqlite, 9)
                    return try stepInserting(sqlite, uuid: row.uuid)
                }
                return try metadata.withUTF8 { text in
                    sqlite3_bind_text(
                        sqlite, 9, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                        Int32(text.count), nil)
                    return try stepInserting(sqlite, uuid: row.uuid)
                }
            }
            insertedIDs[planned] = id
            if let parent = insert.parent, parentID(parent) == nil { laterParents.append((id, parent)) }
            if let workout = row.workout { try workout.insert(sampleID: id, uuid: row.uuid, into: db) }
            if let detail = row.detail {
                try detail.insert(sampleID: id, into: db)
                if case .electrocardiogram(let electrocardiogram) = detail, !electrocardiogram.symptoms.isEmpty {
                    electrocardiograms.append((id, electrocardiogram.symptoms))
                }
            }
            ids.touch(row.typeIdentifier, &outcome.change.typeIdentifiers)
            notes.noteInserted(row, type: typeID, sourceID: sourceID)
        }
        for (id, parent) in laterParents {
            try db.execute(sql: "UPDATE sample SET correlation_id = ? WHERE id = ?", arguments: [parentID(parent), id])
        }
        for join in plan.joins {
            try db.execute(
                sql: "UPDATE sample SET correlation_id = ? WHERE uuid = ? AND correlation_id IS NULL",
                arguments: [parentID(join.parent), join.uuid.blob])
        }
        for (planned, insert) in plan.inserts.enumerated()
        where !plan.deletedInserts.contains(planned) && parents.contains(rows[insert.row].uuid) {
            outcome.storedIDs[rows[insert.row].uuid] = insertedIDs[planned]
        }
        try SampleDetail.associateSymptoms(of: electrocardiograms, in: db)
        for (type, duration) in plan.longestDurations {
            try db.execute(
                sql: "UPDATE object_type SET max_duration = max(max_duration, ?) WHERE id = ?",
                arguments: [duration, try ids.type(type)])
        }
        try StoreAnchor.set(anchor, db)
        outcome.change.anchor = anchor
        return outcome
    }

    /// Runs the insert: the new row's id. A stored UUID (the fail policy leaves the unique index to find it) is
    /// ``StorageError/duplicateUUID(_:)``.
    /// (`RETURNING id` would say the same in one call, but makes SQLite keep an ephemeral table for each row.)
    private func stepInserting(_ statement: SQLiteStatement, uuid: UUID) throws -> Int64 {
        let code = sqlite3_step(statement)
        let connection = db.sqliteConnection
        let reset = sqlite3_reset(statement)
        guard code == SQLITE_DONE, reset == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(connection))
            if code & 0xff == SQLITE_CONSTRAINT,
                try Bool.fetchOne(db, sql: "SELECT 1 FROM sample WHERE uuid = ?", arguments: [uuid.blob]) == true
            {
                throw StorageError.duplicateUUID(uuid)
            }
            throw DatabaseError(resultCode: ResultCode(rawValue: reset), message: message)
        }
        return sqlite3_last_insert_rowid(connection)
    }
}
