import OpenHealthKitModel
import PostgresNIO

/// The ids of sample types in `object_type`, the catalog every user shares. A type's row is only ever added (in a
/// statement of its own, committed before the write that needs it), never changed or removed, so its id is remembered
/// once read, as long as the storage's connections go to the same server: after a failover (a newer pool
/// ``GuardedConnection/generation``) the ids are read again, since the new primary may lack a row the old one
/// committed but had not replicated yet (asynchronous replication).
final class TypeCatalog: Sendable {
    private let ids = Locked<[String: Int32]>([:])
    private let identifiers = Locked<[Int32: String]>([:])
    /// The pool generation the ids were read in.
    private let generation = Locked(0)

    /// The ids of `types`, adding the ones the catalog lacks.
    func ensure(_ types: Set<String>, _ session: Session) throws -> [String: Int32] {
        follow(session)
        let missing = ids.withLock { known in types.filter { known[$0] == nil } }
        if !missing.isEmpty {
            var binds = Binds()
            let list = binds.add(Array(missing))
            try session.execute(
                "INSERT INTO object_type (identifier) SELECT unnest(\(list)::text[]) ON CONFLICT (identifier) DO NOTHING",
                binds.bindings)
            try load(missing, session)
        }
        return ids.withLock { known in known.filter { types.contains($0.key) } }
    }

    /// The ids of the stored types among `types` (a type never stored has none).
    func lookUp(_ types: [String], _ session: Session) throws -> [Int32] {
        follow(session)
        let missing = ids.withLock { known in Set(types.filter { known[$0] == nil }) }
        if !missing.isEmpty { try load(missing, session) }
        return ids.withLock { known in types.compactMap { known[$0] } }
    }

    /// The identifier of a type id read from a row.
    func identifier(_ id: Int32, _ session: Session) throws -> String {
        follow(session)
        if let identifier = identifiers.withLock({ $0[id] }) { return identifier }
        var binds = Binds()
        let placeholder = binds.add(id)
        for row in try session.query(
            "SELECT id, identifier FROM object_type WHERE id = \(placeholder)", binds.bindings)
        {
            let (id, identifier) = try row.decode((Int32, String).self)
            remember(id, identifier)
        }
        guard let identifier = identifiers.withLock({ $0[id] }) else {
            throw PostgresFailure(sqlState: "XX000", message: "object_type \(id) is missing")
        }
        return identifier
    }

    private func load(_ types: Set<String>, _ session: Session) throws {
        var binds = Binds()
        let list = binds.add(Array(types))
        for row in try session.query(
            "SELECT id, identifier FROM object_type WHERE identifier = ANY(\(list)::text[])", binds.bindings)
        {
            let (id, identifier) = try row.decode((Int32, String).self)
            remember(id, identifier)
        }
    }

    /// Forgets every id when `session`'s connection was made after the pool last changed servers.
    private func follow(_ session: Session) {
        let current = session.connection.generation
        let changed = generation.withLock { known in
            guard current > known else { return false }
            known = current
            return true
        }
        guard changed else { return }
        ids.withLock { $0 = [:] }
        identifiers.withLock { $0 = [:] }
    }

    private func remember(_ id: Int32, _ identifier: String) {
        ids.withLock { $0[identifier] = id }
        identifiers.withLock { $0[id] = identifier }
    }
}
