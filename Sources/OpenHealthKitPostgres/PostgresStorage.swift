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
/// - rows belong to a user (`user_id` leads every key): a storage serves one, ``user``, and acts for it on every
///   statement (``Session``), so that row-level security (`v10: users`) shows it that user's rows only;
/// - anchors follow commit order under concurrent writers (``StoreAnchor``);
/// - other connections' commits are heard through `LISTEN`/`NOTIFY` (PostgresStorage+OtherCommits).
package final class PostgresStorage: HealthStorage, @unchecked Sendable {
    // The database and the catalog are thread-safe; the commit watch is locked.
    let database: PostgresDatabase
    /// The user whose store this is (`health_user.id`).
    package let user: Int64
    let catalog = TypeCatalog()
    /// Names this storage in its notifications, so that it tells its own commits from others'.
    let writerID = UUID()
    /// Whether its writes keep the statistics aggregates, where the schema has them.
    let keepsStatisticsAggregates: Bool
    let commitWatch = Locked<CommitWatch?>(nil)
    static let logger = Logger(label: "OpenHealthKitPostgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The user every database has from its first migration (named `owner`): a single-owner database's one user.
    package static let ownerUserID: Int64 = 1

    /// Where the database is.
    package var address: PostgreSQLAddress { database.address }
    var pool: ConnectionPool { database.pool }

    /// A storage of `user` (by default the owner, the one user of a single-owner database) on a database of its own
    /// at `address`, with up to `connections` connections. With `connectNow` it connects (and migrates) before
    /// returning, and throws ``StorageUnavailableError`` if it cannot (`hk`, the library: a clear error at once);
    /// without, the first call does (healthd, which must start while the database is down).
    package convenience init(
        address: PostgreSQLAddress, connections: Int = 8, connectNow: Bool = true,
        user: Int64 = PostgresStorage.ownerUserID, keepsStatisticsAggregates: Bool = true
    ) throws {
        try self.init(
            database: PostgresDatabase(
                address: address, connections: connections, migrateUpTo: nil, assumesDaemonRole: true),
            user: user, connectNow: connectNow, keepsStatisticsAggregates: keepsStatisticsAggregates)
    }

    /// As ``init(address:connections:connectNow:user:)`` for the owner, applying the migrations only up to
    /// `migrateUpTo` (tests of upgrades make an older database this way).
    package convenience init(address: PostgreSQLAddress, connections: Int, connectNow: Bool, migrateUpTo: String?)
        throws
    {
        try self.init(
            database: PostgresDatabase(
                address: address, connections: connections, migrateUpTo: migrateUpTo, assumesDaemonRole: true),
            user: PostgresStorage.ownerUserID, connectNow: connectNow)
    }

    /// The store of `user` on `database`, which many users' storages may share (``PostgresDatabase/shared(_:)``).
    /// The user must exist (``PostgresAccounts``); `connectNow` as in ``init(address:connections:connectNow:user:)``.
    /// Without `keepsStatisticsAggregates` (``StatisticsAggregatesSetting``), writes drop the aggregates of the types
    /// they write and statistics come from the samples.
    package init(
        database: PostgresDatabase, user: Int64, connectNow: Bool = true, keepsStatisticsAggregates: Bool = true
    ) throws {
        self.database = database
        self.user = user
        self.keepsStatisticsAggregates = keepsStatisticsAggregates
        if connectNow { try session { _ in } }
    }

    deinit {
        stopWatchingOtherCommits()
    }

    /// Runs `body` on a connection acting for ``user``, the schema brought up to date first.
    func session<T>(_ body: (Session) throws -> T) throws -> T {
        try database.session(user: user, body)
    }

    /// Runs `body` in one read-only snapshot (several statements that must agree, a cursor).
    func snapshot<T>(_ body: (Session) throws -> T) throws -> T {
        try session { session in
            try session.transaction("ISOLATION LEVEL REPEATABLE READ READ ONLY") { try body(session) }
        }
    }

    /// Runs a write of samples or tombstones in one transaction holding the user's anchor lock (``StoreAnchor``):
    /// `body` takes anchors from the ``AnchoredWrite``; the statistics aggregates are brought in step with what it
    /// noted (``PostgresStatisticsAggregates``), the final anchor is stored, other connections are notified, and only
    /// then (committed) does it return.
    func anchoredWrite<T>(_ body: (AnchoredWrite) throws -> T) throws -> T {
        try session { session in
            var given: ClosedRange<Int64>?
            let result = try session.transaction {
                let before = try StoreAnchor.lock(session, user: user)
                let write = AnchoredWrite(session: session, user: user, catalog: catalog, anchor: before)
                let result = try body(write)
                if database.keepsStatisticsAggregates {
                    let statements = PostgresStatisticsAggregates(session: session, user: user, catalog: catalog)
                    try InlineExecution.complete {
                        try await StatisticsUpkeep(statements)
                            .bringInStep(&write.statisticsNotes, keeping: keepsStatisticsAggregates)
                    }
                }
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
            let stored = try session { try PostgresSampleLookup.ids(of: duplicate.candidates, user: user, $0) }
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

    /// Writes the settings in one transaction. A source priority setting (``SourcePriority/settingKey(for:)``)
    /// changes the ranking its type's merged aggregates are computed with, so settings are written under the anchor
    /// lock, as samples are, and the aggregates follow in the same transaction.
    package func setSettings(_ values: [String: String?]) throws {
        guard !values.isEmpty else { return }
        let set = values.compactMapValues { $0 }
        let removed = values.filter { $0.value == nil }.map(\.key)
        let prefix = SourcePriority.settingPrefix
        let ranked = values.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        let rankedIDs = ranked.isEmpty ? [] : try session { try catalog.lookUp(ranked, $0) }
        try anchoredWrite { write in
            let session = write.session
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
            for id in rankedIDs { write.statisticsNotes.noteRanking(type: Int64(id)) }
            try notifyCommit(session)
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
