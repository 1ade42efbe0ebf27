import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// What ``SampleWritePlanner`` reads of the SQLite store: one probe of an index per key, a prepared statement each.
struct SQLiteSampleLookup: StoredSampleLookup {
    let db: Database

    func storedSamples(_ uuids: [UUID]) throws -> [UUID: StoredSampleReference] {
        let statement = try db.cachedStatement(
            sql: "SELECT id, correlation_id IS NOT NULL FROM sample WHERE uuid = ?"
        ).sqliteStatement
        var found: [UUID: StoredSampleReference] = [:]
        for uuid in uuids {
            let code = withUnsafeBytes(of: uuid.uuid) { bytes in
                sqlite3_bind_blob(statement, 1, bytes.baseAddress, 16, nil)
                return sqlite3_step(statement)
            }
            if code == SQLITE_ROW {
                found[uuid] = StoredSampleReference(
                    id: sqlite3_column_int64(statement, 0), inCorrelation: sqlite3_column_int64(statement, 1) != 0)
            }
            sqlite3_reset(statement)
            guard code == SQLITE_ROW || code == SQLITE_DONE else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
        return found
    }

    func syncHolders(_ keys: Set<SyncKey>) throws -> [SyncKey: StoredSyncHolder] {
        let statement = try db.cachedStatement(
            sql: "SELECT id, coalesce(sync_version, 0) FROM sample WHERE source_id = ? AND sync_identifier = ?")
        var found: [SyncKey: StoredSyncHolder] = [:]
        for key in keys {
            if let row = try Row.fetchOne(statement, arguments: [key.sourceID, key.identifier]) {
                found[key] = StoredSyncHolder(id: row[0], version: row[1])
            }
        }
        return found
    }

    func members(ofCorrelation id: Int64) throws -> [Int64] {
        try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM sample WHERE correlation_id = ? ORDER BY id"), arguments: [id])
    }
}
