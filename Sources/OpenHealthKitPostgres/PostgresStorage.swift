package import Foundation
import Logging
package import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// The server's store: a PostgreSQL database behind the ``HealthStorage`` seam, through postgres-nio.
///
/// It behaves as the SQLite storage does (the same suites run on both); what differs is where the database lives:
/// - it connects when first used, so it can be made while the server is down; calls meanwhile throw
///   ``StorageUnavailableError``, and the storage recovers by itself when the server returns;
/// - the schema is brought up to date on the first connection (``Migrator``);
/// - rows belong to a user (`user_id` leads every key); the storage serves one, the owner, for now;
/// - anchors follow commit order under concurrent writers (``StoreAnchor``);
/// - other connections' commits are heard through `LISTEN`/`NOTIFY` (PostgresStorage+OtherCommits).
package final class PostgresStorage: HealthStorage, @unchecked Sendable {
    // The pool and the catalog are thread-safe; the commit watch is locked.
    package let address: PostgreSQLAddress
    let user = Schema.ownerUserID
    let pool: ConnectionPool
    let catalog = TypeCatalog()
    /// Names this storage in its notifications, so that it tells its own commits from others'.
    let writerID = UUID()
    let commitWatch = Locked<CommitWatch?>(nil)
    private let migrated = Locked(false)
    private let migrationLimit: String?
    static let logger = Logger(label: "OpenHealthKitPostgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A storage on the database at `address`, with up to `connections` connections. With `connectNow` it connects
    /// (and migrates) before returning, and throws ``StorageUnavailableError`` if it cannot (`hk`, the library: a
    /// clear error at once); without, the first call does (healthd, which must start while the database is down).
    package convenience init(address: PostgreSQLAddress, connections: Int = 8, connectNow: Bool = true) throws {
        try self.init(address: address, connections: connections, connectNow: connectNow, migrateUpTo: nil)
    }

    /// As ``init(address:connections:connectNow:)``, applying the migrations only up to `migrateUpTo` (tests of
    /// upgrades make an older database this way).
    package init(address: PostgreSQLAddress, connections: Int, connectNow: Bool, migrateUpTo: String?) throws {
        self.address = address
        migrationLimit = migrateUpTo
        pool = ConnectionPool(address: address, capacity: max(1, connections), logger: Self.logger)
        if connectNow { try session { _ in } }
    }

    deinit {
        stopWatchingOtherCommits()
        pool.close()
    }

    /// Runs `body` on a connection, the schema brought up to date first.
    func session<T>(_ body: (Session) throws -> T) throws -> T {
        try pool.withSession { session in
            if !migrated.withLock({ $0 }) {
                try Migrator.migrate(session, upTo: migrationLimit)
                migrated.withLock { $0 = true }
            }
            return try body(session)
        }
    }

    /// Runs `body` in one read-only snapshot (several statements that must agree, a cursor).
    func snapshot<T>(_ body: (Session) throws -> T) throws -> T {
        try session { session in
            try session.transaction("ISOLATION LEVEL REPEATABLE READ READ ONLY") { try body(session) }
        }
    }

    /// Runs a write of samples or tombstones in one transaction holding the user's anchor lock (``StoreAnchor``):
    /// `body` takes anchors from the ``AnchoredWrite``; the final one is stored, other connections are notified, and
    /// only then (committed) does it return.
    func anchoredWrite<T>(_ body: (AnchoredWrite) throws -> T) throws -> T {
        try session { session in
            var given: ClosedRange<Int64>?
            let result = try session.transaction {
                let before = try StoreAnchor.lock(session, user: user)
                let write = AnchoredWrite(session: session, user: user, catalog: catalog, anchor: before)
                let result = try body(write)
                if write.anchor > before {
                    try StoreAnchor.set(write.anchor, session, user: user)
                    try notifyCommit(session)
                    given = (before + 1)...write.anchor
                }
                return result
            }
            if let given { noteOwnAnchors(given) }
            return result
        }
    }

    package func insert(_ rows: [SampleRow]) throws -> StoreChange {
        let types = try session { try catalog.ensure(Set(rows.map(\.typeIdentifier)), $0) }
        do {
            return try anchoredWrite { write in
                try SampleInserter(write, types: types, policy: .fail)
                    .insert(rows, parents: Set(rows.compactMap(\.correlationUUID))).change
            }
        } catch let duplicate as SampleInserter.StoredUUID {
            let stored = try session { try StoredSamples.ids(of: duplicate.candidates, user: user, $0) }
            throw StorageError.duplicateUUID(
                duplicate.candidates.first { stored[$0] != nil } ?? duplicate.candidates[0])
        }
    }

    package func delete(uuids: [UUID]) throws -> StoreChange {
        try anchoredWrite { write in try SampleDeleter(write).delete(uuids: uuids) }
    }

    package func fetch(_ query: RowQuery) throws -> [SampleRow] {
        // One statement needs no snapshot; the rows and their details (more statements) share one.
        let read = { (session: Session) in try RowReader(session, user: self.user, catalog: self.catalog).rows(query) }
        return RowReader.mayNeedSnapshot(query) ? try snapshot(read) : try session(read)
    }

    package func forEach(_ query: RowQuery, _ body: (SampleRow) throws -> Void) throws {
        try snapshot { session in try RowReader(session, user: user, catalog: catalog).forEach(query, body) }
    }

    package func forEachValue(
        _ query: RowQuery, sources: ([SourceRow]) throws -> Void, _ body: (ValueRow) throws -> Void
    ) throws {
        try snapshot { session in
            try StatisticsReader(session, user: user, catalog: catalog).forEachValue(query, sources: sources, body)
        }
    }

    package func fetchDeleted(_ query: RowQuery) throws -> [DeletedRow] {
        try session { session in try RowReader(session, user: user, catalog: catalog).deleted(query) }
    }

    package func sources(_ query: RowQuery) throws -> [SourceRow] {
        try session { session in try RowReader(session, user: user, catalog: catalog).sources(query) }
    }

    package func currentAnchor() throws -> Int64 {
        try session { session in try StoreAnchor.current(session, user: user) }
    }

    package func setting(_ key: String) throws -> String? {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), key = binds.add(key)
            return try session.query(
                "SELECT value FROM setting WHERE user_id = \(user) AND key = \(key)", binds.bindings
            ).first?.decode(String.self)
        }
    }

    package func setSettings(_ values: [String: String?]) throws {
        guard !values.isEmpty else { return }
        let set = values.compactMapValues { $0 }
        let removed = values.filter { $0.value == nil }.map(\.key)
        try session { session in
            try session.transaction {
                if !set.isEmpty {
                    var binds = Binds()
                    let user = binds.add(user), keys = binds.add(Array(set.keys)), texts = binds.add(Array(set.values))
                    try session.execute(
                        """
                        INSERT INTO setting (user_id, key, value) SELECT \(user), * FROM unnest(\(keys)::text[], \(texts)::text[])
                        ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value
                        """, binds.bindings)
                }
                if !removed.isEmpty {
                    var binds = Binds()
                    let user = binds.add(user), keys = binds.add(removed)
                    try session.execute(
                        "DELETE FROM setting WHERE user_id = \(user) AND key = ANY(\(keys)::text[])", binds.bindings)
                }
                try notifyCommit(session)
            }
        }
    }

    package func settings(withPrefix prefix: String) throws -> [String: String] {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), prefix = binds.add(prefix)
            let rows = try session.query(
                "SELECT key, value FROM setting WHERE user_id = \(user) AND starts_with(key, \(prefix))",
                binds.bindings)
            return Dictionary(uniqueKeysWithValues: try rows.map { try $0.decode((String, String).self) })
        }
    }
}
