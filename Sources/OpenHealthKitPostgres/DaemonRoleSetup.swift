package import OpenHealthKitEngine

/// The administrator's one step before OpenHealthKit's first start on a database whose login roles may not create
/// roles (`hk database init`): the daemon's role (``Schema/daemonRole``), made once for the cluster, and granted to
/// the database's owner (who creates the tables on first start) and to each login role named. Run by a role that may
/// create and grant roles (a superuser or `CREATEROLE`); running it again changes nothing.
package enum DaemonRoleSetup {
    /// The statements, in order, as an administrator may also run them by hand (`psql`).
    package static func statements(members: [String]) -> [String] {
        [
            Schema.createDaemonRole,
            """
            DO $$
            BEGIN
                EXECUTE format('GRANT \(Schema.daemonRole) TO %I',
                               (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()));
            END
            $$
            """,
        ] + members.map { "GRANT \(Schema.daemonRole) TO \(Schema.quoted($0))" }
    }

    /// The statements as one script, each ended by `;`.
    package static func script(members: [String]) -> String {
        statements(members: members).map { $0 + ";\n" }.joined()
    }

    /// Runs the statements on the database at `address`, as its login role, in one transaction.
    package static func run(on address: PostgreSQLAddress, members: [String]) throws {
        let pool = ConnectionPool(address: address, capacity: 1, logger: PostgresStorage.logger, prepare: { _ in })
        defer { pool.close() }
        try pool.withSession(user: nil) { session in
            try session.transaction {
                for statement in statements(members: members) { try session.execute(statement) }
            }
        }
    }
}
