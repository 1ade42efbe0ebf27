import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// Writes rows and tombstones inside one transaction (the caller's `write` block).
struct RowWriter {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    private static let insertSQL = """
        INSERT INTO sample (uuid, type_id, start_date, end_date, value, source_id, source_revision_id, device_id,
                            metadata, sync_identifier, sync_version, correlation_id, anchor)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    func insert(_ rows: [SampleRow]) throws -> StoreChange {
        var anchor = try currentAnchor()
        var ids = IdentifierCache(db)
        var touched: Set<String> = []
        var longest: [Int64: Double] = [:]
        var idsByUUID: [UUID: Int64] = [:]
        // Correlations left out by the sync rule: their members are left out with them.
        var skippedCorrelations: Set<UUID> = []
        let statement = try db.makeStatement(sql: Self.insertSQL)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)

        for row in rows {
            if let parent = row.correlationUUID, skippedCorrelations.contains(parent) { continue }
            let typeID = try ids.typeID(row.typeIdentifier)
            let sourceID = try ids.sourceID(row.source)
            if let syncIdentifier = row.syncIdentifier {
                guard try replaceOlderVersion(
                    of: syncIdentifier, sourceID: sourceID, with: row.syncVersion ?? 0, anchor: &anchor, touched: &touched)
                else {
                    if isCorrelation(row) { skippedCorrelations.insert(row.uuid) }
                    continue
                }
            }
            anchor += 1
            binding.bind(row.uuid, at: 1)
            binding.bind(typeID, at: 2)
            binding.bind(row.startDate, at: 3)
            binding.bind(row.endDate, at: 4)
            binding.bind(row.value, at: 5)
            binding.bind(sourceID, at: 6)
            binding.bind(try ids.revisionID(sourceID: sourceID, row.revision), at: 7)
            binding.bind(try row.device.map { try ids.deviceID($0) }, at: 8)
            binding.bind(row.metadata, at: 9)
            binding.bind(row.syncIdentifier, at: 10)
            binding.bind(row.syncVersion, at: 11)
            binding.bind(try row.correlationUUID.map { try sampleID(of: $0, known: idsByUUID) }, at: 12)
            binding.bind(anchor, at: 13)
            try step(statement, uuid: row.uuid)
            let id = db.lastInsertedRowID
            // Only correlations are pointed at by later rows of a batch (their members follow them).
            if isCorrelation(row) { idsByUUID[row.uuid] = id }
            if let workout = row.workout { try workout.insert(sampleID: id, into: db) }
            touched.insert(row.typeIdentifier)
            let duration = row.endDate - row.startDate
            if duration > longest[typeID, default: 0] { longest[typeID] = duration }
        }
        for (typeID, duration) in longest {
            try db.execute(
                sql: "UPDATE object_type SET max_duration = max(max_duration, ?) WHERE id = ?", arguments: [duration, typeID])
        }
        try setAnchor(anchor)
        return StoreChange(typeIdentifiers: touched, anchor: anchor)
    }

    private func isCorrelation(_ row: SampleRow) -> Bool {
        row.typeIdentifier.hasPrefix("HKCorrelationTypeIdentifier")
    }

    private func step(_ statement: Statement, uuid: UUID) throws {
        let code = sqlite3_step(statement.sqliteStatement)
        sqlite3_reset(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            if code & 0xff == SQLITE_CONSTRAINT, try Bool.fetchOne(db, sql: "SELECT 1 FROM sample WHERE uuid = ?", arguments: [uuid.blob]) == true {
                throw StorageError.duplicateUUID(uuid)
            }
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    private func sampleID(of uuid: UUID, known: [UUID: Int64]) throws -> Int64 {
        if let id = known[uuid] { return id }
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [uuid.blob]) else {
            throw StorageError.missingParent(uuid)
        }
        return id
    }

    /// HealthKit's sync rule: a newer version replaces the stored object (a correlation with its members); an older
    /// or equal one is ignored. Returns whether the new row should be inserted.
    private func replaceOlderVersion(
        of syncIdentifier: String, sourceID: Int64, with version: Int64, anchor: inout Int64, touched: inout Set<String>
    ) throws -> Bool {
        guard let stored = try Row.fetchOne(
            db, sql: "SELECT id, sync_version FROM sample WHERE source_id = ? AND sync_identifier = ?",
            arguments: [sourceID, syncIdentifier])
        else { return true }
        guard version > (stored["sync_version"] as Int64? ?? 0) else { return false }
        touched.formUnion(try deleteSampleAndMembers(id: stored["id"], anchor: &anchor))
        return true
    }

    func delete(uuids: [UUID]) throws -> StoreChange {
        var anchor = try currentAnchor()
        var touched: Set<String> = []
        for uuid in uuids {
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [uuid.blob]) else { continue }
            touched.formUnion(try deleteSampleAndMembers(id: id, anchor: &anchor))
        }
        try setAnchor(anchor)
        return StoreChange(typeIdentifiers: touched, anchor: anchor)
    }

    /// Replaces a sample, and the members of a correlation, by tombstones; returns their type identifiers.
    private func deleteSampleAndMembers(id: Int64, anchor: inout Int64) throws -> Set<String> {
        let members = try Int64.fetchAll(db, sql: "SELECT id FROM sample WHERE correlation_id = ?", arguments: [id])
        return Set(try (members + [id]).map { try deleteSample(id: $0, anchor: &anchor) })
    }

    /// Replaces a sample by its tombstone; returns its type identifier.
    private func deleteSample(id: Int64, anchor: inout Int64) throws -> String {
        anchor += 1
        try db.execute(
            sql: """
                INSERT INTO deleted_object (anchor, uuid, type_id, source_id, sync_identifier, sync_version)
                SELECT ?, uuid, type_id, source_id, sync_identifier, sync_version FROM sample WHERE id = ?
                """,
            arguments: [anchor, id])
        let type = try String.fetchOne(
            db, sql: "SELECT t.identifier FROM sample s JOIN object_type t ON t.id = s.type_id WHERE s.id = ?", arguments: [id])!
        try db.execute(sql: "DELETE FROM workout WHERE sample_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM sample WHERE id = ?", arguments: [id])
        return type
    }

    private func currentAnchor() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM store_anchor") ?? 0
    }

    private func setAnchor(_ anchor: Int64) throws {
        try db.execute(sql: "UPDATE store_anchor SET value = ?", arguments: [anchor])
    }
}
