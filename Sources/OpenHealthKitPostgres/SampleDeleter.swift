import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// Deletes samples inside an ``AnchoredWrite``, leaving a tombstone for each: for ``Storage/delete(uuids:)`` and for
/// the sync rule of ``SampleInserter``.
struct SampleDeleter {
    let write: AnchoredWrite

    init(_ write: AnchoredWrite) {
        self.write = write
    }

    /// Deletes the samples with these UUIDs, in order, each correlation's members before it; a UUID not stored (or
    /// deleted already as a member) is passed over.
    func delete(uuids: [UUID]) throws -> StoreChange {
        var tombstones = Tombstones()
        let deletions = try InlineExecution.complete {
            try await SampleWritePlanner.deletions(of: uuids, lookup: PostgresSampleLookup(write: write))
        }
        for id in deletions {
            tombstones.delete(stored: id, write: write)
        }
        return StoreChange(typeIdentifiers: try tombstones.write(write), anchor: write.anchor)
    }
}

/// Samples to replace by tombstones in one transaction, each with its anchor, written by one statement each.
struct Tombstones {
    private var stored: [(id: Int64, anchor: Int64)] = []
    private var storedIDs = Set<Int64>()
    /// Rows of the batch being inserted that a later row replaced before anything was written.
    private var unwritten: [(row: SampleRow, typeID: Int32, sourceID: Int64, anchor: Int64)] = []

    /// Deletes a stored sample (a correlation after its members), taking the next anchor; once only.
    mutating func delete(stored id: Int64, write: AnchoredWrite) {
        if storedIDs.insert(id).inserted { stored.append((id, write.next())) }
    }

    /// A row of the batch, replaced within it, leaves a tombstone too (taking the next anchor).
    mutating func delete(unwritten row: SampleRow, typeID: Int32, sourceID: Int64, write: AnchoredWrite) {
        unwritten.append((row, typeID, sourceID, write.next()))
    }

    /// Writes the tombstones and deletes the stored samples (their children go with them), noting their spans for the
    /// statistics aggregates; returns their types.
    func write(_ write: AnchoredWrite) throws -> Set<String> {
        var types = Set(unwritten.map(\.row.typeIdentifier))
        if !stored.isEmpty {
            var binds = Binds()
            let user = binds.add(write.user), ids = binds.add(stored.map(\.id))
            let anchors = binds.add(stored.map(\.anchor))
            // The bulk points without a foreign key (Schema.seriesAndRecordings) go in the same statement; the
            // other children by their keys' cascade.
            let rows = try write.session.query(
                """
                WITH gone AS (
                    DELETE FROM sample s USING unnest(\(ids)::int8[], \(anchors)::int8[]) AS d(id, anchor)
                    WHERE s.user_id = \(user) AND s.id = d.id
                    RETURNING s.user_id, s.id, d.anchor, s.uuid, s.type_id, s.source_id, s.sync_identifier,
                              s.sync_version, s.start_date, s.end_date),
                values_gone AS (
                    DELETE FROM quantity_series_value v USING gone g WHERE v.user_id = g.user_id AND v.sample_id = g.id),
                beats_gone AS (
                    DELETE FROM heartbeat_series_beat b USING gone g WHERE b.user_id = g.user_id AND b.sample_id = g.id),
                tombstones AS (
                    INSERT INTO deleted_object (user_id, anchor, uuid, type_id, source_id, sync_identifier, sync_version)
                    SELECT user_id, anchor, uuid, type_id, source_id, sync_identifier, sync_version FROM gone)
                SELECT type_id, start_date, end_date FROM gone
                """, binds.bindings)
            var typeIDs = Set<Int32>()
            for row in rows {
                let (typeID, start, end) = try row.decode((Int32, Double, Double).self)
                typeIDs.insert(typeID)
                // The statistics aggregates of the deleted samples' hours are computed again before the commit.
                write.statisticsNotes.noteDeleted(type: Int64(typeID), start: start, end: end)
            }
            for typeID in typeIDs { types.insert(try write.catalog.identifier(typeID, write.session)) }
        }
        if !unwritten.isEmpty {
            var insert = BulkInsert(user: write.user)
            insert.column("anchor", unwritten.map(\.anchor))
            insert.column("uuid", unwritten.map(\.row.uuid))
            insert.column("type_id", unwritten.map(\.typeID))
            insert.column("source_id", unwritten.map(\.sourceID))
            insert.column("sync_identifier", unwritten.map(\.row.syncIdentifier))
            insert.column("sync_version", unwritten.map(\.row.syncVersion))
            try insert.run(into: "deleted_object", write.session)
        }
        return types
    }
}
