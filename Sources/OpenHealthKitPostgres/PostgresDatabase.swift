package import OpenHealthKitEngine
import OpenHealthKitModel

/// One PostgreSQL database as a process uses it: a pool of connections, the schema brought up to date on the first
/// connection (``Migrator``), and every connection then acting as the daemon's role (``Schema/daemonRole``), so that
/// row-level security binds each statement to the user its session acts for, even when the login role could bypass
/// it (a superuser, the tables' owner).
///
/// The storages of many users share one (``shared(_:)``): a healthd serving many people holds one pool, not one per
/// person. Migrations run as the login role, before `SET ROLE`, since the daemon's role owns nothing and may create
/// nothing.
package final class PostgresDatabase: Sendable {
    /// Where the database is.
    package let address: PostgreSQLAddress
    let pool: ConnectionPool
    /// Whether the schema has the statistics aggregates' tables (`v13`; an older database made by a test has not).
    let keepsStatisticsAggregates: Bool

    /// A database of its own (not shared) at `address`, with up to `connections` connections, migrated up to
    /// `migrateUpTo` (every migration when nil; tests of upgrades make an older database). With `assumesDaemonRole`
    /// (storages) each connection takes the daemon's role once migrated; without (``PostgresAccounts``, which adds
    /// and removes users) it stays the login role.
    init(address: PostgreSQLAddress, connections: Int, migrateUpTo: String?, assumesDaemonRole: Bool) {
        self.address = address
        let migrated = Locked(false)
        let setsRole = assumesDaemonRole && Schema.includesUsers(upTo: migrateUpTo)
        let bindsUsers = Schema.includes(.usersBoundByTheDatabase, upTo: migrateUpTo)
        keepsStatisticsAggregates = Schema.includes(.statisticsAggregatesOfUsers, upTo: migrateUpTo)
        pool = ConnectionPool(
            address: address, capacity: max(1, connections), logger: PostgresStorage.logger,
            prepare: { session in
                if !migrated.withLock({ $0 }) {
                    try Migrator.migrate(session, upTo: migrateUpTo)
                    migrated.withLock { $0 = true }
                }
                if bindsUsers { try session.openBinding() }
                if setsRole { try session.execute("SET ROLE \(Schema.daemonRole)") }
            })
    }

    deinit {
        pool.close()
    }

    private static let registry = Locked<[PostgreSQLAddress: WeakDatabase]>([:])

    /// The process's database at `address` (8 connections, every migration, the daemon's role), shared by every
    /// storage opened through ``HealthEngine/open(_:waitsForDatabase:storageFailed:)``; made on first use and closed
    /// once no storage holds it.
    package static func shared(_ address: PostgreSQLAddress) -> PostgresDatabase {
        registry.withLock { databases in
            if let database = databases[address]?.database { return database }
            databases = databases.filter { $0.value.database != nil }
            let database = PostgresDatabase(
                address: address, connections: 8, migrateUpTo: nil, assumesDaemonRole: true)
            databases[address] = WeakDatabase(database: database)
            return database
        }
    }

    /// Runs `body` on a connection acting for `user` (nil: for nobody; row-level security then shows no user row).
    func session<T>(user: Int64?, _ body: (Session) throws -> T) throws -> T {
        try pool.withSession(user: user, body)
    }
}

private struct WeakDatabase {
    weak var database: PostgresDatabase?
}
