import Foundation
import GRDB
import OpenHealthKitEngine

/// Deletes samples inside the caller's transaction, leaving a tombstone for each: for ``Storage/delete(uuids:)`` and
/// for the sync rule of ``SampleInserter``.
struct SampleDeleter {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// Deletes the samples of `uuids` that are stored (and the members of a correlation), noting them in `notes`.
    func delete(uuids: [UUID], notes: inout StatisticsNotes) throws -> StoreChange {
        var anchor = try StoreAnchor.current(db)
        var touched: Set<String> = []
        for uuid in uuids {
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [uuid.blob])
            else { continue }
            touched.formUnion(try deleteSampleAndMembers(id: id, anchor: &anchor, notes: &notes))
        }
        try StoreAnchor.set(anchor, db)
        return StoreChange(typeIdentifiers: touched, anchor: anchor)
    }

    /// Replaces a sample, and the members of a correlation, by tombstones, each taking the next anchor; returns their
    /// type identifiers. The caller stores the final anchor.
    func deleteSampleAndMembers(id: Int64, anchor: inout Int64, notes: inout StatisticsNotes) throws -> Set<String> {
        let members = try Int64.fetchAll(db, sql: "SELECT id FROM sample WHERE correlation_id = ?", arguments: [id])
        return Set(try (members + [id]).map { try deleteSample(id: $0, anchor: &anchor, notes: &notes) })
    }

    /// Replaces a sample by its tombstone; returns its type identifier.
    private func deleteSample(id: Int64, anchor: inout Int64, notes: inout StatisticsNotes) throws -> String {
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
