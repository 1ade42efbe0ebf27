import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// The one writer of the `sample` table, inside an ``AnchoredWrite``: saves (``Storage/insert(_:)``) and import
/// batches (``ExchangeStorage/importBatch(_:)``) both insert their samples here, under the same rules as the SQLite
/// storage's inserter (HealthKit's sync rule, anchors in the batch's order, a correlation left out taking its members
/// with it, each type's longest duration, each stored sample's ``SampleDetail`` through ``SampleDetailWriter``).
///
/// It works in bulk: one statement reads what the store holds of the batch (its UUIDs, the parents it points at,
/// the samples its sync identifiers name), the rules are applied in memory row by row, in order, exactly as a
/// row-at-a-time writer would, and then one statement writes the tombstones, one deletes the replaced samples and one
/// inserts every new row (`unnest` of a column array each). Round trips stay a handful whatever the batch's size.
struct SampleInserter {
    /// What a sample whose UUID is stored already does.
    enum ConflictPolicy {
        /// It fails the whole batch with ``StorageError/duplicateUUID(_:)`` (a save). Rows are inserted in the
        /// batch's order, so their anchors follow it.
        case fail
        /// It is skipped, and a correlation member stored already on its own joins its correlation (an import).
        /// Rows are inserted in ``SampleRow/insertionOrder(_:)``.
        case skip
    }

    /// A save's row has a UUID the store holds (the unique index said so): the transaction is over, the caller finds
    /// which (the first of `candidates` that is stored) and fails the batch with ``StorageError/duplicateUUID(_:)``.
    struct StoredUUID: Error {
        let candidates: [UUID]
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

    let write: AnchoredWrite
    /// The catalog ids of the batch's types.
    let types: [String: Int32]
    let policy: ConflictPolicy

    init(_ write: AnchoredWrite, types: [String: Int32], policy: ConflictPolicy) {
        self.write = write
        self.types = types
        self.policy = policy
    }

    /// A row to insert, as the rules left it.
    private struct Pending {
        let index: Int
        let anchor: Int64
        var parent: Parent?
    }

    /// A row the rules kept, with the id it is stored under.
    private struct Kept {
        let pending: Pending
        let id: Int64
    }

    /// Where a member's correlation is.
    private enum Parent: Equatable {
        case stored(Int64)
        case pending(Int)
    }

    /// What holds a sync identifier of a source: a stored sample, or a row of this batch.
    private enum Holder {
        case stored(id: Int64, version: Int64)
        case pending(Int, version: Int64)

        var version: Int64 {
            switch self {
            case .stored(_, let version), .pending(_, let version): return version
            }
        }
    }

    /// Inserts the rows, each stored one taking the next anchor; see the type's description. `parents` are the
    /// UUIDs that rows of the batch point at (members' correlations, children's parents): only their row ids are
    /// returned.
    func insert(_ rows: [SampleRow], parents: Set<UUID>) throws -> Outcome {
        var outcome = Outcome(
            stored: Array(repeating: false, count: rows.count), storedIDs: [:],
            change: StoreChange(typeIdentifiers: [], anchor: write.anchor))
        guard !rows.isEmpty else { return outcome }
        let lookups = try LookupRows(rows, write)
        // An import reads which of its UUIDs are stored (they are skipped); a save lets the unique index find one
        // (``StoredUUID``), which costs nothing when, as nearly always, there is none.
        var lookUp = Set(rows.compactMap(\.correlationUUID))
        if policy == .skip { lookUp.formUnion(rows.map(\.uuid)) }
        var stored = try StoredSamples(lookUp, syncIdentifiersOf: rows, lookups: lookups, write)
        var pending: [Pending] = []
        var pendingByUUID: [UUID: Int] = [:]
        var dropped = Set<Int>()
        var holders = stored.syncHolders.mapValues { Holder.stored(id: $0.id, version: $0.version) }
        // Correlations left out by the sync rule (or replaced in this batch): their members are left out with them.
        var skippedCorrelations: Set<UUID> = []
        var tombstones = Tombstones()
        var joins: [(uuid: UUID, parent: Parent)] = []
        var longest: [Int32: Double] = [:]

        /// Rows of this batch, replaced before being written: tombstones, as if written and deleted.
        func drop(_ indices: [Int]) {
            for index in indices where dropped.insert(index).inserted {
                let row = rows[pending[index].index]
                pendingByUUID[row.uuid] = nil
                if row.isCorrelation { skippedCorrelations.insert(row.uuid) }
                tombstones.delete(
                    unwritten: row, typeID: types[row.typeIdentifier]!,
                    sourceID: lookups.sources[row.source.bundleIdentifier]!, write: write)
            }
        }
        func isLive(_ holder: Holder) -> Bool {
            switch holder {
            case .stored(let id, _): return !tombstones.contains(id)
            case .pending(let index, _): return !dropped.contains(index)
            }
        }
        func members(of parent: Parent) -> [Int] {
            pending.indices.filter { !dropped.contains($0) && pending[$0].parent == parent }
        }

        for index in order(rows) {
            let row = rows[index]
            if let parent = row.correlationUUID, skippedCorrelations.contains(parent) { continue }
            let sourceID = lookups.sources[row.source.bundleIdentifier]!
            let syncKey = row.syncIdentifier.map { StoredSamples.SyncKey(sourceID: sourceID, identifier: $0) }
            // HealthKit's sync rule: a greater version replaces the holder (a correlation with its members, leaving
            // tombstones); an older or equal one is left out (a correlation with its members).
            if let syncKey, let holder = holders[syncKey], isLive(holder) {
                guard (row.syncVersion ?? 0) > holder.version else {
                    if row.isCorrelation { skippedCorrelations.insert(row.uuid) }
                    continue
                }
                switch holder {
                case .stored(let id, _):
                    let storedMembers = try StoredSamples.members(of: id, write)
                    for member in storedMembers { tombstones.delete(stored: member, write: write) }
                    drop(members(of: .stored(id)))
                    tombstones.delete(stored: id, write: write)
                    stored.forget(ids: Set(storedMembers + [id]))
                case .pending(let holderIndex, _):
                    drop(members(of: .pending(holderIndex)) + [holderIndex])
                }
            }
            var parent: Parent?
            if let parentUUID = row.correlationUUID {
                if let index = pendingByUUID[parentUUID] {
                    parent = .pending(index)
                } else if let id = stored.id(of: parentUUID) {
                    parent = .stored(id)
                } else {
                    throw StorageError.missingParent(parentUUID)
                }
            }
            if stored.id(of: row.uuid) != nil || pendingByUUID[row.uuid] != nil {
                switch policy {
                case .fail: throw StorageError.duplicateUUID(row.uuid)
                case .skip:
                    // A correlation member stored on its own (before, or earlier in this batch) joins its correlation.
                    if let parent, let earlier = pendingByUUID[row.uuid] {
                        if pending[earlier].parent == nil { pending[earlier].parent = parent }
                    } else if let parent, stored.id(of: row.uuid) != nil, !stored.isInCorrelation(row.uuid) {
                        joins.append((row.uuid, parent))
                        stored.noteCorrelation(row.uuid)
                    }
                    continue
                }
            }
            if let syncKey { holders[syncKey] = .pending(pending.count, version: row.syncVersion ?? 0) }
            pendingByUUID[row.uuid] = pending.count
            pending.append(Pending(index: index, anchor: write.next(), parent: parent))
            outcome.stored[index] = true
            outcome.change.typeIdentifiers.insert(row.typeIdentifier)
            let typeID = types[row.typeIdentifier]!
            let duration = row.endDate - row.startDate
            if duration > longest[typeID, default: 0] { longest[typeID] = duration }
        }
        outcome.change.typeIdentifiers.formUnion(try tombstones.write(write))

        // Every row gets its id here, in batch order (a dropped one wastes its id, as a rolled-back insert would), so
        // that the insert needs no sort to give ids in that order and rows others point at (members, children, a
        // workout's or a kind's own rows) know theirs.
        let ids = try Self.newSampleIDs(pending.count, write)
        let kept = pending.indices.filter { !dropped.contains($0) }.map { Kept(pending: pending[$0], id: ids[$0]) }
        try writeRows(kept, rows: rows, lookups: lookups, ids: ids)
        try writeWorkouts(kept, rows: rows)
        try SampleDetailWriter(write: write).write(
            kept.compactMap { kept in rows[kept.pending.index].detail.map { (kept.id, $0) } })
        try joinCorrelations(
            joins.map { join in
                switch join.parent {
                case .stored(let id): return (join.uuid, id)
                case .pending(let index): return (join.uuid, ids[index])
                }
            })
        for kept in kept where parents.contains(rows[kept.pending.index].uuid) {
            outcome.storedIDs[rows[kept.pending.index].uuid] = kept.id
        }
        try TypeExtent.raise(longest, write)
        outcome.change.anchor = write.anchor
        return outcome
    }

    private func order(_ rows: [SampleRow]) -> [Int] {
        switch policy {
        case .fail: return Array(rows.indices)
        case .skip: return SampleRow.insertionOrder(rows)
        }
    }

    /// `count` new sample ids from the table's sequence, in one statement returning one array, ascending.
    private static func newSampleIDs(_ count: Int, _ write: AnchoredWrite) throws -> [Int64] {
        guard count > 0 else { return [] }
        var binds = Binds()
        let count = binds.add(Int64(count))
        let ids = try write.session.query(
            "SELECT array_agg(nextval('sample_id_seq')) FROM generate_series(1, \(count))", binds.bindings
        ).first?.decode([Int64].self)
        // Sorted, since SQL does not promise the order in which the rows call `nextval`.
        return (ids ?? []).sorted()
    }

    /// The one `INSERT` of the batch's new rows; `ids` are every pending row's, by position (a member's correlation
    /// may be one of them).
    private func writeRows(_ kept: [Kept], rows: [SampleRow], lookups: LookupRows, ids: [Int64]) throws {
        guard !kept.isEmpty else { return }
        let (typeIDs, sourceIDs, revisionIDs) = catalogIDs(of: kept.map(\.pending.index), in: rows, lookups: lookups)
        var insert = BulkInsert(user: write.user)
        insert.column("id", kept.map(\.id))
        insert.column("uuid", kept.map { rows[$0.pending.index].uuid })
        insert.column("type_id", typeIDs)
        insert.column("start_date", kept.map { rows[$0.pending.index].startDate })
        insert.column("end_date", kept.map { rows[$0.pending.index].endDate })
        insert.column("value", kept.map { rows[$0.pending.index].value })
        insert.column("source_id", sourceIDs)
        insert.column("source_revision_id", revisionIDs)
        insert.column("device_id", kept.map { kept in rows[kept.pending.index].device.map { lookups.devices[$0]! } })
        insert.column("metadata", kept.map { rows[$0.pending.index].metadata })
        insert.column("sync_identifier", kept.map { rows[$0.pending.index].syncIdentifier })
        insert.column("sync_version", kept.map { rows[$0.pending.index].syncVersion })
        insert.column(
            "correlation_id",
            kept.map { kept -> Int64? in
                switch kept.pending.parent {
                case .none: return nil
                case .stored(let id): return id
                case .pending(let index): return ids[index]
                }
            })
        insert.column("anchor", kept.map(\.pending.anchor))
        do {
            // The ids are given, so the rows' order does not matter: no sort of the batch.
            try insert.run(into: "sample", write.session, ordered: false)
        } catch let failure as PostgresFailure where failure.isUniqueViolation && policy == .fail {
            guard failure.constraint == "sample_user_id_uuid_key" else { throw failure }
            throw StoredUUID(candidates: kept.map { rows[$0.pending.index].uuid })
        }
        for (position, kept) in kept.enumerated() {
            write.statisticsNotes.noteInserted(
                rows[kept.pending.index], type: Int64(typeIDs[position]), sourceID: sourceIDs[position])
        }
    }

    /// The type, source and revision ids of `rows` at `indices`. Consecutive rows mostly share all three, so the
    /// previous row's are reused when its strings are equal, instead of hashing them again for every row.
    private func catalogIDs(
        of indices: [Int], in rows: [SampleRow], lookups: LookupRows
    ) -> (types: [Int32], sources: [Int64], revisions: [Int64]) {
        var types: [Int32] = [], sources: [Int64] = [], revisions: [Int64] = []
        types.reserveCapacity(indices.count)
        sources.reserveCapacity(indices.count)
        revisions.reserveCapacity(indices.count)
        var previous: Int?
        for index in indices {
            if let previous, rows[previous].typeIdentifier == rows[index].typeIdentifier,
                rows[previous].source.bundleIdentifier == rows[index].source.bundleIdentifier,
                rows[previous].revision == rows[index].revision
            {
                types.append(types[types.count - 1])
                sources.append(sources[sources.count - 1])
                revisions.append(revisions[revisions.count - 1])
                continue
            }
            let row = rows[index]
            let source = lookups.sources[row.source.bundleIdentifier]!
            types.append(self.types[row.typeIdentifier]!)
            sources.append(source)
            revisions.append(lookups.revisions[LookupRows.RevisionKey(sourceID: source, revision: row.revision)]!)
            previous = index
        }
        return (types, sources, revisions)
    }

    /// The workouts' own columns, for the new rows that are workouts, then their activities, statistics and
    /// associated samples (stored before this batch or in it; one not stored fails the batch with
    /// ``StorageError/notFound(_:)``).
    private func writeWorkouts(_ kept: [Kept], rows: [SampleRow]) throws {
        let workouts = kept.compactMap { kept in rows[kept.pending.index].workout.map { (id: kept.id, row: $0) } }
        guard !workouts.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", workouts.map(\.id))
        insert.column("activity_type", workouts.map { Int64($0.row.activityType) })
        insert.column("total_energy_burned", workouts.map(\.row.totalEnergyBurned))
        insert.column("total_distance", workouts.map(\.row.totalDistance))
        insert.column("total_swimming_stroke_count", workouts.map(\.row.totalSwimmingStrokeCount))
        insert.column("total_flights_climbed", workouts.map(\.row.totalFlightsClimbed))
        insert.column("events", workouts.map(\.row.events))
        try insert.run(into: "workout", write.session)
        let children = ChildRowWriter(write: write)
        try children.writeWorkoutActivities(workouts.flatMap { entry in entry.row.activities.map { (entry.id, $0) } })
        try children.writeWorkoutStatistics(workouts.flatMap { entry in entry.row.statistics.map { (entry.id, $0) } })
        try WorkoutAssociations(session: write.session, user: write.user).associate(
            workouts.flatMap { entry in entry.row.associatedSamples.map { (workout: entry.id, sample: $0) } })
    }

    /// Members stored on their own join their correlation (imports).
    private func joinCorrelations(_ joins: [(uuid: UUID, parent: Int64)]) throws {
        guard !joins.isEmpty else { return }
        var binds = Binds()
        let user = binds.add(write.user), uuids = binds.add(joins.map(\.uuid)), parents = binds.add(joins.map(\.parent))
        try write.session.execute(
            """
            UPDATE sample SET correlation_id = j.parent
            FROM unnest(\(uuids)::uuid[], \(parents)::int8[]) AS j(uuid, parent)
            WHERE sample.user_id = \(user) AND sample.uuid = j.uuid AND sample.correlation_id IS NULL
            """, binds.bindings)
    }
}
