import Foundation
import GRDB
import OpenHealthKitEngine

/// Deletes samples inside the caller's transaction, leaving a tombstone for each: for ``Storage/delete(uuids:)`` and
/// for the steps of a ``SampleWritePlan`` that ``SampleInserter`` executes.
struct SampleDeleter {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// Deletes the samples of `uuids` that are stored (a correlation's members before it), noting them in `notes`.
    func delete(uuids: [UUID], notes: inout StatisticsNotes) throws -> StoreChange {
        var anchor = try StoreAnchor.current(db)
        var touched: Set<String> = []
        let deletions = try InlineExecution.complete {
            try await SampleWritePlanner.deletions(of: uuids, lookup: SQLiteSampleLookup(db: db))
        }
        for id in deletions {
            touched.insert(try deleteSample(id: id, anchor: &anchor, notes: &notes))
        }
        try StoreAnchor.set(anchor, db)
        return StoreChange(typeIdentifiers: touched, anchor: anchor)
    }

    /// Replaces a sample by its tombstone, taking the next anchor; returns its type identifier.
    func deleteSample(id: Int64, anchor: inout Int64, notes: inout StatisticsNotes) throws -> String {
        anchor += 1
        try db.execute(
            sql: """
                INSERT INTO deleted_object (anchor, uuid, type_id, source_id, sync_identifier, sync_version)
                SELECT ?, uuid, type_id, source_id, sync_identifier, sync_version FROM sample WHERE id = ?
                """,
            arguments: [anchor, id])
        let deleted = try Row.fetchOne(
            db,
            sql: """
                SELECT t.identifier, s.type_id, s.start_date, s.end_date FROM sample s
                JOIN object_type t ON t.id = s.type_id WHERE s.id = ?
                """,
            arguments: [id])!
        notes.noteDeleted(type: deleted[1], start: deleted[2], end: deleted[3])
        try db.execute(sql: "DELETE FROM workout WHERE sample_id = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM sample WHERE id = ?", arguments: [id])
        return deleted[0]
    }
}
