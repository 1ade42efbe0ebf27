import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// The one writer of the `sample` table, inside the caller's transaction: a save (``Storage/insert(_:)``) and an
/// import batch (``ExchangeStorage/importBatch(_:)``) both insert their samples here. It owns the statement,
/// HealthKit's sync rule, the anchors and each type's longest duration; the caller's ``ConflictPolicy`` says what a
/// sample whose UUID is stored already does. One prepared statement per batch, bound without allocation, one step
/// per row.
struct SampleInserter {
    /// What a sample whose UUID is stored already does.
    enum ConflictPolicy {
        /// It fails the whole batch with ``StorageError/duplicateUUID(_:)`` (a save). Rows are inserted in the
        /// batch's order, so their anchors follow it.
        case fail
        /// It is skipped (`ON CONFLICT DO NOTHING`), and a correlation member stored already on its own joins its
        /// correlation (an import: the export lists blood-pressure values both inside their correlation and at top
        /// level). Rows are inserted in ``SampleRow/insertionOrder(_:)``.
        case skip
    }

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
    let policy: ConflictPolicy

    init(_ db: Database, policy: ConflictPolicy) {
        self.db = db
        self.policy = policy
    }

    private var insertSQL: String {
        let insert = """
            INSERT INTO sample (uuid, type_id, start_date, end_date, value, source_id, source_revision_id, device_id,
                                metadata, sync_identifier, sync_version, correlation_id, anchor)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        switch policy {
        case .fail: return insert
        case .skip: return insert + " ON CONFLICT DO NOTHING"
        }
    }

    /// Inserts the rows, each stored one taking the next anchor, then stores the anchor and the longest durations.
    ///
    /// A row with a sync identifier replaces the stored row of the same source and identifier (a correlation with its
    /// members, leaving tombstones) when its version is greater, and is left out otherwise (a correlation with its
    /// members). A member's correlation is found among the rows stored before it or in the store
    /// (``StorageError/missingParent(_:)`` otherwise). `parents` are the UUIDs that rows of the batch point at
    /// (members' correlations, children's parents): only their row ids are remembered. What it inserts and deletes
    /// goes in `notes`, for the statistics aggregates.
    func insert(_ rows: [SampleRow], parents: Set<UUID>, notes: inout StatisticsNotes) throws -> Outcome {
        var anchor = try StoreAnchor.current(db)
        var ids = RowIdentifiers(IdentifierCache(db))
        var outcome = Outcome(
            stored: Array(repeating: false, count: rows.count), storedIDs: [:],
            change: StoreChange(typeIdentifiers: [], anchor: anchor))
        var longest: [Int64: Double] = [:]
        // Correlations left out by the sync rule: their members are left out with them.
        var skippedCorrelations: Set<UUID> = []
        // Stored electrocardiograms and their symptoms, associated once every sample of the batch is stored.
        var electrocardiograms: [(id: Int64, symptoms: [UUID])] = []
        let statement = try db.makeStatement(sql: insertSQL)
        let sqlite = statement.sqliteStatement
        let binding = SQLiteBinding(statement: sqlite)
        defer { sqlite3_clear_bindings(sqlite) }

        for index in order(rows) {
            let row = rows[index]
            if let parent = row.correlationUUID, skippedCorrelations.contains(parent) { continue }
            let typeID = try ids.type(row.typeIdentifier)
            let sourceID = try ids.source(row.source)
            if let syncIdentifier = row.syncIdentifier {
                guard
                    try replaceOlderVersion(
                        of: syncIdentifier, sourceID: sourceID, with: row.syncVersion ?? 0, anchor: &anchor,
                        touched: &outcome.change.typeIdentifiers, notes: &notes)
                else {
                    if row.isCorrelation { skippedCorrelations.insert(row.uuid) }
                    continue
                }
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
                    return try stepInserting(sqlite, uuid: row.uuid)
                }
                return try metadata.withUTF8 { text in
                    sqlite3_bind_text(
                        sqlite, 9, text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                        Int32(text.count), nil)
                    return try stepInserting(sqlite, uuid: row.uuid)
                }
            }
            guard let id else {
                // Stored already (the skip policy). A correlation member stored on its own joins its correlation.
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
            if let workout = row.workout { try workout.insert(sampleID: id, uuid: row.uuid, into: db) }
            if let detail = row.detail {
                try detail.insert(sampleID: id, into: db)
                if case .electrocardiogram(let electrocardiogram) = detail, !electrocardiogram.symptoms.isEmpty {
                    electrocardiograms.append((id, electrocardiogram.symptoms))
                }
            }
            ids.touch(row.typeIdentifier, &outcome.change.typeIdentifiers)
            notes.noteInserted(row, type: typeID, sourceID: sourceID)
            let duration = row.endDate - row.startDate
            if duration > longest[typeID, default: 0] { longest[typeID] = duration }
        }
        try SampleDetail.associateSymptoms(of: electrocardiograms, in: db)
        for (typeID, duration) in longest {
            try db.execute(
                sql: "UPDATE object_type SET max_duration = max(max_duration, ?) WHERE id = ?",
                arguments: [duration, typeID])
        }
        try StoreAnchor.set(anchor, db)
        outcome.change.anchor = anchor
        return outcome
    }

    private func order(_ rows: [SampleRow]) -> [Int] {
        switch policy {
        case .fail: return Array(rows.indices)
        case .skip: return SampleRow.insertionOrder(rows)
        }
    }

    /// Runs the insert: the new row's id, or nil when the skip policy inserted nothing. A stored UUID under the fail
    /// policy is ``StorageError/duplicateUUID(_:)``.
    /// (`RETURNING id` would say the same in one call, but makes SQLite keep an ephemeral table for each row.)
    private func stepInserting(_ statement: SQLiteStatement, uuid: UUID) throws -> Int64? {
        let code = sqlite3_step(statement)
        let connection = db.sqliteConnection
        let id = code == SQLITE_DONE && sqlite3_changes(connection) > 0 ? sqlite3_last_insert_rowid(connection) : nil
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
        return id
    }

    /// HealthKit's sync rule: a greater version replaces the stored object (a correlation with its members, leaving
    /// tombstones); an older or equal one is left out. Returns whether the new row should be inserted.
    private func replaceOlderVersion(
        of syncIdentifier: String, sourceID: Int64, with version: Int64, anchor: inout Int64,
        touched: inout Set<String>, notes: inout StatisticsNotes
    ) throws -> Bool {
        guard
            let stored = try Row.fetchOne(
                db, sql: "SELECT id, sync_version FROM sample WHERE source_id = ? AND sync_identifier = ?",
                arguments: [sourceID, syncIdentifier])
        else { return true }
        guard version > (stored["sync_version"] as Int64? ?? 0) else { return false }
        touched.formUnion(
            try SampleDeleter(db).deleteSampleAndMembers(id: stored["id"], anchor: &anchor, notes: &notes))
        return true
    }

    private func sampleID(of uuid: UUID) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [uuid.blob])
        else {
            throw StorageError.missingParent(uuid)
        }
        return id
    }
}
