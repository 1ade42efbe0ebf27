import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// What ``SampleWritePlanner`` reads of a user's samples, inside an ``AnchoredWrite``: one statement for all of a
/// batch's UUIDs, one for all of its sync identifiers.
struct PostgresSampleLookup: StoredSampleLookup {
    let write: AnchoredWrite

    func storedSamples(_ uuids: [UUID]) throws -> [UUID: StoredSampleReference] {
        var binds = Binds()
        let user = binds.add(write.user), list = binds.add(uuids)
        var found: [UUID: StoredSampleReference] = [:]
        for row in try write.session.query(
            "SELECT uuid, id, correlation_id IS NOT NULL FROM sample WHERE user_id = \(user) AND uuid = ANY(\(list)::uuid[])",
            binds.bindings)
        {
            let (uuid, id, inCorrelation) = try row.decode((UUID, Int64, Bool).self)
            found[uuid] = StoredSampleReference(id: id, inCorrelation: inCorrelation)
        }
        return found
    }

    func syncHolders(_ keys: Set<SyncKey>) throws -> [SyncKey: StoredSyncHolder] {
        var binds = Binds()
        let user = binds.add(write.user), sources = binds.add(keys.map(\.sourceID))
        let identifiers = binds.add(keys.map(\.identifier))
        var found: [SyncKey: StoredSyncHolder] = [:]
        for row in try write.session.query(
            """
            SELECT s.id, s.source_id, s.sync_identifier, coalesce(s.sync_version, 0) FROM sample s
            JOIN unnest(\(sources)::int8[], \(identifiers)::text[]) AS k(source_id, sync_identifier)
              ON s.source_id = k.source_id AND s.sync_identifier = k.sync_identifier
            WHERE s.user_id = \(user)
            """, binds.bindings)
        {
            let (id, source, identifier, version) = try row.decode((Int64, Int64, String, Int64).self)
            found[SyncKey(sourceID: source, identifier: identifier)] = StoredSyncHolder(id: id, version: version)
        }
        return found
    }

    func members(ofCorrelation id: Int64) throws -> [Int64] {
        var binds = Binds()
        let user = binds.add(write.user), parent = binds.add(id)
        return try write.session.query(
            "SELECT id FROM sample WHERE user_id = \(user) AND correlation_id = \(parent) ORDER BY id", binds.bindings
        ).map { try $0.decode(Int64.self) }
    }

    /// The row ids of the user's stored samples with these UUIDs.
    static func ids(of uuids: [UUID], user: Int64, _ session: Session) throws -> [UUID: Int64] {
        guard !uuids.isEmpty else { return [:] }
        var binds = Binds()
        let user = binds.add(user), list = binds.add(uuids)
        var ids: [UUID: Int64] = [:]
        for row in try session.query(
            "SELECT uuid, id FROM sample WHERE user_id = \(user) AND uuid = ANY(\(list)::uuid[])", binds.bindings)
        {
            let (uuid, id) = try row.decode((UUID, Int64).self)
            ids[uuid] = id
        }
        return ids
    }
}
