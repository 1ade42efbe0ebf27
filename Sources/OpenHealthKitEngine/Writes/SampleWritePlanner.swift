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
    /// Correlations left out by the sync rule or replaced in this batch: their members are left out with them.
    private var skippedCorrelations: Set<UUID> = []

    /// The plan for inserting `rows` in `order` (``SampleConflictPolicy/order(_:)``), whose sources have the
    /// storage's row ids `sourceIDs` (by position).
    package static func plan(
        _ rows: [SampleRow], order: [Int], sourceIDs: [Int64], policy: SampleConflictPolicy, lookup: Lookup
    ) throws -> SampleWritePlan {
        var planner = try Self(rows, sourceIDs: sourceIDs, policy: policy, lookup: lookup)
        for index in order { try planner.consider(index) }
        return planner.plan
    }

    private init(_ rows: [SampleRow], sourceIDs: [Int64], policy: SampleConflictPolicy, lookup: Lookup) throws {
        self.rows = rows
        self.sourceIDs = sourceIDs
        self.policy = policy
        self.lookup = lookup
        plan = SampleWritePlan(rows: rows.count)
        var uuids = Set(rows.compactMap(\.correlationUUID))
        if policy == .skip { uuids.formUnion(rows.map(\.uuid)) }
        stored = uuids.isEmpty ? [:] : try lookup.storedSamples(uuids)
        let keys = Set(rows.indices.compactMap { Self.syncKey(of: rows[$0], sourceID: sourceIDs[$0]) })
        holders = keys.isEmpty ? [:] : try lookup.syncHolders(keys).mapValues { .stored($0) }
    }

    private static func syncKey(of row: SampleRow, sourceID: Int64) -> SyncKey? {
        row.syncIdentifier.map { SyncKey(sourceID: sourceID, identifier: $0) }
    }

    /// The stored sample with this UUID, unless the batch deleted it.
    private func storedSample(_ uuid: UUID) -> StoredSampleReference? {
        stored[uuid].flatMap { deletedStored.contains($0.id) ? nil : $0 }
    }

    private mutating func consider(_ index: Int) throws {
        let row = rows[index]
        if let parent = row.correlationUUID, skippedCorrelations.contains(parent) { return }
        let syncKey = Self.syncKey(of: row, sourceID: sourceIDs[index])
        if let syncKey, let holder = holders[syncKey] {
            switch holder {
            case .stored(let holder) where !deletedStored.contains(holder.id):
                guard (row.syncVersion ?? 0) > holder.version else { return leaveOut(row) }
                try deleteStored(holder.id)
            case .planned(let insert, let version) where !plan.deletedInserts.contains(insert):
                guard (row.syncVersion ?? 0) > version else { return leaveOut(row) }
                deletePlanned(insert)
            default: break
            }
        }
        var parent: SampleWritePlan.Parent?
        if let parentUUID = row.correlationUUID {
            if let insert = plannedByUUID[parentUUID] {
                parent = .planned(insert)
            } else if let correlation = storedSample(parentUUID) {
                parent = .stored(correlation.id)
            } else {
                throw StorageError.missingParent(parentUUID)
            }
        }
        if storedSample(row.uuid) != nil || plannedByUUID[row.uuid] != nil {
            guard policy == .skip else { throw StorageError.duplicateUUID(row.uuid) }
            if let parent { join(row.uuid, to: parent) }
            return
        }
        let insert = plan.inserts.count
        if let syncKey { holders[syncKey] = .planned(insert, version: row.syncVersion ?? 0) }
        plannedByUUID[row.uuid] = insert
        if let parent { plannedMembers[parent, default: []].append(insert) }
        plan.inserts.append(SampleWritePlan.Insert(row: index, parent: parent))
        plan.steps.append(.insert(insert))
        plan.stored[index] = true
        let duration = row.endDate - row.startDate
        if duration > plan.longestDurations[row.typeIdentifier, default: 0] {
            plan.longestDurations[row.typeIdentifier] = duration
        }
    }

    /// A row the sync rule leaves out; a correlation takes its members with it.
    private mutating func leaveOut(_ row: SampleRow) {
        if row.isCorrelation { skippedCorrelations.insert(row.uuid) }
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

    /// Replaces the stored sample `id`: its members first (stored ones, then those this batch gave it), then itself.
    /// (Joins come from an import's members, which it plans after every correlation: none precedes a replacement.)
    private mutating func deleteStored(_ id: Int64) throws {
        for member in try lookup.members(ofCorrelation: id) where deletedStored.insert(member).inserted {
            plan.steps.append(.deleteStored(member))
        }
        for insert in plannedMembers[.stored(id)] ?? [] { deletePlanned(insert) }
        if deletedStored.insert(id).inserted { plan.steps.append(.deleteStored(id)) }
    }

    /// Replaces an insert of the plan, before anything is written: a correlation's members first, then itself.
    private mutating func deletePlanned(_ insert: Int) {
        guard !plan.deletedInserts.contains(insert) else { return }
        let row = rows[plan.inserts[insert].row]
        if row.isCorrelation {
            skippedCorrelations.insert(row.uuid)
            for member in plannedMembers[.planned(insert)] ?? [] { deletePlanned(member) }
        }
        plan.deletedInserts.insert(insert)
        plannedByUUID[row.uuid] = nil
        plan.steps.append(.deletePlanned(insert))
    }
}

extension SampleWritePlanner {
    /// The stored samples to replace by tombstones, in order, when the samples of `uuids` are deleted: a
    /// correlation's members before it; a UUID not stored, or deleted already as a member, is passed over.
    package static func deletions(of uuids: [UUID], lookup: Lookup) throws -> [Int64] {
        let stored = try lookup.storedSamples(Set(uuids))
        var deleted = Set<Int64>(), order: [Int64] = []
        for uuid in uuids {
            guard let id = stored[uuid]?.id, !deleted.contains(id) else { continue }
            for sample in try lookup.members(ofCorrelation: id) + [id] where deleted.insert(sample).inserted {
                order.append(sample)
            }
        }
        return order
    }
}
