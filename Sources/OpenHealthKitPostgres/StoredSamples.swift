import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// What the store holds of a batch being inserted, read before the rules are applied: the stored samples with the
/// UUIDs asked for (the ones the batch points at, and for an import its own), and the stored samples holding the
/// batch's sync identifiers. Kept up to date as the batch deletes some of them.
struct StoredSamples {
    /// A source's sync identifier.
    struct SyncKey: Hashable {
        let sourceID: Int64
        let identifier: String
    }

    private var byUUID: [UUID: (id: Int64, inCorrelation: Bool)] = [:]
    /// The stored holders of the batch's sync identifiers.
    private(set) var syncHolders: [SyncKey: (id: Int64, version: Int64)] = [:]

    /// Reads the stored samples with the UUIDs `uuids` and those holding the sync identifiers of `rows`.
    init(_ uuids: Set<UUID>, syncIdentifiersOf rows: [SampleRow], lookups: LookupRows, _ write: AnchoredWrite) throws {
        var binds = Binds()
        let user = binds.add(write.user), list = binds.add(Array(uuids))
        for row in try write.session.query(
            "SELECT uuid, id, correlation_id IS NOT NULL FROM sample WHERE user_id = \(user) AND uuid = ANY(\(list)::uuid[])",
            binds.bindings)
        {
            let (uuid, id, inCorrelation) = try row.decode((UUID, Int64, Bool).self)
            byUUID[uuid] = (id, inCorrelation)
        }
        let keys = Set(
            rows.compactMap { row in
                row.syncIdentifier.map {
                    SyncKey(sourceID: lookups.sources[row.source.bundleIdentifier]!, identifier: $0)
                }
            })
        guard !keys.isEmpty else { return }
        binds = Binds()
        let user2 = binds.add(write.user), sources = binds.add(keys.map(\.sourceID))
        let identifiers = binds.add(keys.map(\.identifier))
        for row in try write.session.query(
            """
            SELECT s.id, s.source_id, s.sync_identifier, coalesce(s.sync_version, 0) FROM sample s
            JOIN unnest(\(sources)::int8[], \(identifiers)::text[]) AS k(source_id, sync_identifier)
              ON s.source_id = k.source_id AND s.sync_identifier = k.sync_identifier
            WHERE s.user_id = \(user2)
            """, binds.bindings)
        {
            let (id, source, identifier, version) = try row.decode((Int64, Int64, String, Int64).self)
            syncHolders[SyncKey(sourceID: source, identifier: identifier)] = (id, version)
        }
    }

    /// The row id of a stored sample, nil when none has this UUID (or it was deleted by the batch).
    func id(of uuid: UUID) -> Int64? { byUUID[uuid]?.id }

    /// Whether the stored sample belongs to a correlation.
    func isInCorrelation(_ uuid: UUID) -> Bool { byUUID[uuid]?.inCorrelation ?? false }

    /// The stored sample joined a correlation.
    mutating func noteCorrelation(_ uuid: UUID) { byUUID[uuid]?.inCorrelation = true }

    /// The batch deleted these samples.
    mutating func forget(ids: Set<Int64>) {
        byUUID = byUUID.filter { !ids.contains($0.value.id) }
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

    /// The row ids of a stored correlation's members.
    static func members(of id: Int64, _ write: AnchoredWrite) throws -> [Int64] {
        var binds = Binds()
        let user = binds.add(write.user), parent = binds.add(id)
        return try write.session.query(
            "SELECT id FROM sample WHERE user_id = \(user) AND correlation_id = \(parent) ORDER BY id", binds.bindings
        ).map { try $0.decode(Int64.self) }
    }
}
