package import Foundation

/// HealthKit's rules for a batch of samples being inserted, once for every storage: the sync rule (a greater version
/// replaces the stored object of the same source and sync identifier, a correlation with its members, leaving
/// tombstones; an older or equal one is left out, a correlation with its members), a member's correlation found in
/// the batch or in the store (``StorageError/missingParent(_:)`` otherwise), and a UUID stored already failing the
/// batch or skipped (``SampleConflictPolicy``). The rules are applied row by row in the policy's order, exactly as a
/// writer of one row at a time would, against what the store holds (``StoredSampleLookup``, read once per batch)
/// and what the batch did before.
///
/// Under ``SampleConflictPolicy/fail`` only the rows' correlations are looked up: a stored UUID is found by the
/// storage's unique index when it inserts (``StorageError/duplicateUUID(_:)``).
package struct SampleWritePlanner<Lookup: StoredSampleLookup> {
    /// What holds a sync identifier: a stored sample, or an insert of the plan.
    private enum Holder {
        case stored(StoredSyncHolder)
        case planned(Int, version: Int64)
    }

    private let rows: [SampleRow]
    private let sourceIDs: [Int64]
    private let policy: SampleConflictPolicy
    private let lookup: Lookup
    private var plan: SampleWritePlan
    private var stored: [UUID: StoredSampleReference]
    private var deletedStored: Set<Int64> = []
    private var holders: [SyncKey: Holder]
    private var plannedByUUID: [UUID: Int] = [:]
    /// The inserts this batch made members of each correlation.
    private var plannedMembers: [SampleWritePlan.Parent: [Int]] = [:]
    /// Samples left out by the sync rule or replaced in this batch: their members (a correlation's samples, a
    /// workout's routes) are left out with them.
    private var skippedParents: Set<UUID> = []
    /// The type of the run of rows being planned and its longest duration so far.
    private var durationRun: (type: String, longest: Double)?

    /// The plan for inserting `rows` in `order` (``SampleConflictPolicy/order(_:)``), whose sources have the
    /// storage's row ids `sourceIDs` (by position).
    package static func plan(
        _ rows: [SampleRow], order: [Int], sourceIDs: [Int64], policy: SampleConflictPolicy, lookup: Lookup
    ) async throws -> SampleWritePlan {
        var planner = try await Self(rows, order: order, sourceIDs: sourceIDs, policy: policy, lookup: lookup)
        for index in order { try await planner.consider(index) }
        planner.finishDurations()
        return planner.plan
    }

    private init(
        _ rows: [SampleRow], order: [Int], sourceIDs: [Int64], policy: SampleConflictPolicy, lookup: Lookup
    ) async throws {
        self.rows = rows
        self.sourceIDs = sourceIDs
        self.policy = policy
        self.lookup = lookup
        plan = SampleWritePlan(rows: rows.count)
        plannedByUUID.reserveCapacity(rows.count)
        // In the order the rows are considered: an import's is the UUID index's, which its probes then follow.
        var uuids = policy == .skip ? order.map { rows[$0].uuid } : []
        uuids += rows.compactMap(\.correlationUUID)
        stored = await uuids.isEmpty ? [:] : try lookup.storedSamples(uuids)
        let keys = Set(rows.indices.compactMap { Self.syncKey(of: rows[$0], sourceID: sourceIDs[$0]) })
        holders = await keys.isEmpty ? [:] : try lookup.syncHolders(keys).mapValues { .stored($0) }
    }

    private static func syncKey(of row: SampleRow, sourceID: Int64) -> SyncKey? {
        row.syncIdentifier.map { SyncKey(sourceID: sourceID, identifier: $0) }
    }

    /// The stored sample with this UUID, unless the batch deleted it. (A first import finds none: no hashing.)
    private func storedSample(_ uuid: UUID) -> StoredSampleReference? {
        guard !stored.isEmpty else { return nil }
        return stored[uuid].flatMap { deletedStored.contains($0.id) ? nil : $0 }
    }

    /// Reads each of the row's fields in place: a copy of the whole row would retain and release every one of its
    /// strings, for each row of a large import.
    private mutating func consider(_ index: Int) async throws {
        if let parent = rows[index].correlationUUID, skippedParents.contains(parent) { return }
        let syncKey = rows[index].syncIdentifier.map { SyncKey(sourceID: sourceIDs[index], identifier: $0) }
        if let syncKey, let holder = holders[syncKey] {
            switch holder {
            case .stored(let holder) where !deletedStored.contains(holder.id):
                guard (rows[index].syncVersion ?? 0) > holder.version else { return leaveOut(rows[index]) }
                try await deleteStored(holder.id)
            case .planned(let insert, let version) where !plan.deletedInserts.contains(insert):
                guard (rows[index].syncVersion ?? 0) > version else { return leaveOut(rows[index]) }
                deletePlanned(insert)
            default: break
            }
        }
        var parent: SampleWritePlan.Parent?
        if let parentUUID = rows[index].correlationUUID {
            if let insert = plannedByUUID[parentUUID] {
                parent = .planned(insert)
            } else if let correlation = storedSample(parentUUID) {
                parent = .stored(correlation.id)
            } else {
                throw StorageError.missingParent(parentUUID)
            }
        }
        let uuid = rows[index].uuid
        let insert = plan.inserts.count
        if storedSample(uuid) != nil { return try stored(uuid, listedIn: parent) }
        if let earlier = plannedByUUID.updateValue(insert, forKey: uuid) {
            plannedByUUID[uuid] = earlier
            return try stored(uuid, listedIn: parent)
        }
        if let syncKey { holders[syncKey] = .planned(insert, version: rows[index].syncVersion ?? 0) }
        if let parent { plannedMembers[parent, default: []].append(insert) }
        plan.inserts.append(SampleWritePlan.Insert(row: index, parent: parent))
        plan.steps.append(.insert(insert))
        plan.stored[index] = true
        noteDuration(of: index)
    }

    /// A row whose UUID is stored or planned already: it fails a save; an import skips it, and a member joins its
    /// correlation.
    private mutating func stored(_ uuid: UUID, listedIn parent: SampleWritePlan.Parent?) throws {
        guard policy == .skip else { throw StorageError.duplicateUUID(uuid) }
        if let parent { join(uuid, to: parent) }
    }

    /// Keeps the longest duration of each type; rows come type by type, so a run of one type hashes its identifier
    /// once (``finishDurations()`` records the last run).
    private mutating func noteDuration(of index: Int) {
        let duration = rows[index].endDate - rows[index].startDate
        if let run = durationRun, run.type == rows[index].typeIdentifier {
            durationRun?.longest = max(run.longest, duration)
        } else {
            finishDurations()
            durationRun = (rows[index].typeIdentifier, duration)
        }
    }

    private mutating func finishDurations() {
        guard let run = durationRun else { return }
        plan.longestDurations[run.type] = max(plan.longestDurations[run.type] ?? 0, run.longest)
        durationRun = nil
    }

    /// A row the sync rule leaves out takes its members with it, unless it is the stored (or planned) object itself,
    /// listed again: then its members belong to that object (a later export adding a route to a stored workout).
    private mutating func leaveOut(_ row: SampleRow) {
        guard storedSample(row.uuid) == nil, plannedByUUID[row.uuid] == nil else { return }
        skippedParents.insert(row.uuid)
    }

    /// A row whose UUID is stored or inserted already, listed as a member of `parent`: the sample joins its
    /// correlation unless it has one.
    private mutating func join(_ uuid: UUID, to parent: SampleWritePlan.Parent) {
        if let insert = plannedByUUID[uuid] {
            guard plan.inserts[insert].parent == nil else { return }
            plan.inserts[insert].parent = parent
            plannedMembers[parent, default: []].append(insert)
        } else if let sample = storedSample(uuid), !sample.inCorrelation {
            stored[uuid]?.inCorrelation = true
            plan.joins.append((uuid, parent))
        }
    }

    /// Replaces the stored sample `id`: its members first (stored ones, those this batch joined to it, those it
    /// planned under it), then itself.
    private mutating func deleteStored(_ id: Int64) async throws {
        for member in try await lookup.members(ofCorrelation: id) where deletedStored.insert(member).inserted {
            plan.steps.append(.deleteStored(member))
        }
        deleteJoined(to: .stored(id))
        for insert in plannedMembers[.stored(id)] ?? [] { deletePlanned(insert) }
        if deletedStored.insert(id).inserted { plan.steps.append(.deleteStored(id)) }
    }

    /// Replaces an insert of the plan, before anything is written: its members first (a correlation's samples, a
    /// workout's routes), then itself.
    private mutating func deletePlanned(_ insert: Int) {
        guard !plan.deletedInserts.contains(insert) else { return }
        let uuid = rows[plan.inserts[insert].row].uuid
        skippedParents.insert(uuid)
        deleteJoined(to: .planned(insert))
        for member in plannedMembers[.planned(insert)] ?? [] { deletePlanned(member) }
        plan.deletedInserts.insert(insert)
        plannedByUUID[uuid] = nil
        plan.steps.append(.deletePlanned(insert))
    }

    /// The stored samples this batch joined to `parent`, which is being replaced, go with it.
    private mutating func deleteJoined(to parent: SampleWritePlan.Parent) {
        guard plan.joins.contains(where: { $0.parent == parent }) else { return }
        for join in plan.joins where join.parent == parent {
            if let sample = storedSample(join.uuid), deletedStored.insert(sample.id).inserted {
                plan.steps.append(.deleteStored(sample.id))
            }
        }
        plan.joins.removeAll { $0.parent == parent }
    }
}

extension SampleWritePlanner {
    /// The stored samples to replace by tombstones, in order, when the samples of `uuids` are deleted: a
    /// correlation's members before it; a UUID not stored, or deleted already as a member, is passed over.
    package static func deletions(of uuids: [UUID], lookup: Lookup) async throws -> [Int64] {
        let stored = try await lookup.storedSamples(uuids)
        var deleted = Set<Int64>(), order: [Int64] = []
        for uuid in uuids {
            guard let id = stored[uuid]?.id, !deleted.contains(id) else { continue }
            for sample in try await lookup.members(ofCorrelation: id) + [id] where deleted.insert(sample).inserted {
                order.append(sample)
            }
        }
        return order
    }
}
