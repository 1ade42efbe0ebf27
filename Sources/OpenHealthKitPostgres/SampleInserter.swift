import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// The one writer of the `sample` table, inside an ``AnchoredWrite``: saves (``Storage/insert(_:)``) and import
/// batches (``ExchangeStorage/importBatch(_:)``) both insert their samples here. It executes the engine's
/// ``SampleWritePlan`` (HealthKit's sync rule, correlations, UUIDs stored already under the caller's
/// ``SampleConflictPolicy``), with each type's longest duration and each stored sample's ``SampleDetail`` through
/// ``SampleDetailWriter``.
///
/// It works in bulk: the plan reads what the store holds of the batch in two statements
/// (``PostgresSampleLookup``), and then one statement writes the tombstones, one deletes the replaced samples and one
/// inserts every new row (`unnest` of a column array each). Round trips stay a handful whatever the batch's size.
struct SampleInserter {
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
    let policy: SampleConflictPolicy

    init(_ write: AnchoredWrite, types: [String: Int32], policy: SampleConflictPolicy) {
        self.write = write
        self.types = types
        self.policy = policy
    }

    /// A planned insert the batch keeps, with the id and anchor it is stored under.
    private struct Kept {
        let row: Int
        let parent: SampleWritePlan.Parent?
        let id: Int64
        let anchor: Int64
    }

    /// Inserts the rows as the engine plans them; see the type's description. `parents` are the UUIDs that rows of
    /// the batch point at (members' correlations, children's parents): only their row ids are returned.
    func insert(_ rows: [SampleRow], parents: Set<UUID>) throws -> Outcome {
        var outcome = Outcome(
            stored: Array(repeating: false, count: rows.count), storedIDs: [:],
            change: StoreChange(typeIdentifiers: [], anchor: write.anchor))
        guard !rows.isEmpty else { return outcome }
        let lookups = try LookupRows(rows, write)
        let plan = try InlineExecution.complete {
            try await SampleWritePlanner.plan(
                rows, order: policy.order(rows), sourceIDs: rows.map { lookups.sources[$0.source.bundleIdentifier]! },
                policy: policy, lookup: PostgresSampleLookup(write: write))
        }
        outcome.stored = plan.stored
        var anchors = [Int64](repeating: 0, count: plan.inserts.count)
        var tombstones = Tombstones()
        for step in plan.steps {
            switch step {
            case .insert(let planned): anchors[planned] = write.next()
            case .deleteStored(let id): tombstones.delete(stored: id, write: write)
            case .deletePlanned(let planned):
                let row = rows[plan.inserts[planned].row]
                tombstones.delete(
                    unwritten: row, typeID: types[row.typeIdentifier]!,
                    sourceID: lookups.sources[row.source.bundleIdentifier]!, write: write)
            }
        }
        outcome.change.typeIdentifiers = Set(plan.inserts.map { rows[$0.row].typeIdentifier })
        outcome.change.typeIdentifiers.formUnion(try tombstones.write(write))

        // Every planned insert gets its id here, in plan order (a deleted one wastes its id, as a rolled-back insert
        // would), so that the insert needs no sort to give ids in that order and rows others point at (members,
        // children, a workout's or a kind's own rows) know theirs.
        let ids = try Self.newSampleIDs(plan.inserts.count, write)
        func id(of parent: SampleWritePlan.Parent) -> Int64 {
            switch parent {
            case .stored(let id): id
            case .planned(let planned): ids[planned]
            }
        }
        let kept = plan.inserts.indices.filter { !plan.deletedInserts.contains($0) }.map {
            Kept(row: plan.inserts[$0].row, parent: plan.inserts[$0].parent, id: ids[$0], anchor: anchors[$0])
        }
        try writeRows(kept, rows: rows, lookups: lookups, parentID: id(of:))
        try writeWorkouts(kept, rows: rows)
        try SampleDetailWriter(write: write).write(
            kept.compactMap { kept in rows[kept.row].detail.map { (kept.id, $0) } })
        try joinCorrelations(plan.joins.map { ($0.uuid, id(of: $0.parent)) })
        for kept in kept where parents.contains(rows[kept.row].uuid) {
            outcome.storedIDs[rows[kept.row].uuid] = kept.id
        }
        try TypeExtent.raise(
            Dictionary(uniqueKeysWithValues: plan.longestDurations.map { (types[$0.key]!, $0.value) }), write)
        outcome.change.anchor = write.anchor
        return outcome
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

    /// The one `INSERT` of the batch's new rows; `parentID` gives a member's correlation's id (it may be one of
    /// them).
    private func writeRows(
        _ kept: [Kept], rows: [SampleRow], lookups: LookupRows, parentID: (SampleWritePlan.Parent) -> Int64
    ) throws {
        guard !kept.isEmpty else { return }
        let (typeIDs, sourceIDs, revisionIDs) = catalogIDs(of: kept.map(\.row), in: rows, lookups: lookups)
        var insert = BulkInsert(user: write.user)
        insert.column("id", kept.map(\.id))
        insert.column("uuid", kept.map { rows[$0.row].uuid })
        insert.column("type_id", typeIDs)
        insert.column("start_date", kept.map { rows[$0.row].startDate })
        insert.column("end_date", kept.map { rows[$0.row].endDate })
        insert.column("value", kept.map { rows[$0.row].value })
        insert.column("source_id", sourceIDs)
        insert.column("source_revision_id", revisionIDs)
        insert.column("device_id", kept.map { kept in rows[kept.row].device.map { lookups.devices[$0]! } })
        insert.column("metadata", kept.map { rows[$0.row].metadata })
        insert.column("sync_identifier", kept.map { rows[$0.row].syncIdentifier })
        insert.column("sync_version", kept.map { rows[$0.row].syncVersion })
        insert.column("correlation_id", kept.map { $0.parent.map(parentID) })
        insert.column("anchor", kept.map(\.anchor))
        do {
            // The ids are given, so the rows' order does not matter: no sort of the batch.
            try insert.run(into: "sample", write.session, ordered: false)
        } catch let failure as PostgresFailure where failure.isUniqueViolation && policy == .fail {
            guard failure.constraint == "sample_user_id_uuid_key" else { throw failure }
            throw StoredUUID(candidates: kept.map { rows[$0.row].uuid })
        }
        for (position, kept) in kept.enumerated() {
            write.statisticsNotes.noteInserted(
                rows[kept.row], type: Int64(typeIDs[position]), sourceID: sourceIDs[position])
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
        let workouts = kept.compactMap { kept in rows[kept.row].workout.map { (id: kept.id, row: $0) } }
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
