import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// Brings a database's schema up to date: the ``Schema/migrations`` not yet recorded in `schema_migration` run in
/// order, all in one transaction, so a database is never left half upgraded. Several processes may start on the same
/// database at once (healthd instances, `hk`): a transaction-level advisory lock lets one upgrade while the others
/// wait, then find nothing left to do.
enum Migrator {
    /// The advisory lock key of migrations ("OHK" and a version of the lock's use).
    private static let lockKey: Int64 = 0x4F48_4B00_0000_0001

    /// Applies the migrations missing from the database, up to `last` (every one when nil: tests stop earlier to
    /// make an older database). A database that records a migration this build does not know was upgraded by a newer
    /// OpenHealthKit: it is refused (``SchemaMigration/refuseNewer(applied:)``).
    static func migrate(_ session: Session, upTo last: String? = nil) throws {
        try session.transaction {
            // The lock first: two `CREATE TABLE IF NOT EXISTS` at once can still collide.
            try session.execute("SELECT pg_advisory_xact_lock(\(lockKey))")
            // Before any statement that would fail without it: the daemon's role is the cluster's, made once.
            if Schema.includesUsers(upTo: last) { try Schema.requireDaemonRole(session) }
            // Looked for first: a login role that may not create tables (a plain member of the daemon's role) opens
            // a database its administrator migrated.
            if try session.query("SELECT to_regclass('schema_migration') IS NULL").first?.decode(Bool.self) == true {
                try session.execute(
                    "CREATE TABLE schema_migration (name text PRIMARY KEY, applied_at double precision NOT NULL)")
            }
            let applied = Set(try session.query("SELECT name FROM schema_migration").map { try $0.decode(String.self) })
            try SchemaMigration.refuseNewer(applied: applied)
            var ranAny = false
            for migration in Schema.migrations {
                if !applied.contains(migration.name) {
                    ranAny = true
                    for statement in migration.statements { try session.execute(statement) }
                    try migration.then?(session)
                    var binds = Binds()
                    let name = binds.add(migration.name), time = binds.add(Date().timeIntervalSince1970)
                    try session.execute(
                        "INSERT INTO schema_migration (name, applied_at) VALUES (\(name), \(time))", binds.bindings)
                }
                if migration.name == last { break }
            }
            // A user table added after v10 is protected as v10 protected the others, in the same transaction.
            if ranAny, Schema.includesUsers(upTo: last) {
                try Schema.protectUserTables(
                    session, boundByDatabase: Schema.includes(.usersBoundByTheDatabase, upTo: last))
            }
        }
    }
}
