import PostgresNIO

/// The daemon's role (``Schema/daemonRole``) as a login role finds it: a role of the cluster, made once by someone who
/// may make roles. A login role that may not (neither superuser nor `CREATEROLE`) and is not yet a member gets
/// ``DaemonRoleMissing`` naming the administrator's step, `hk database init`, instead of PostgreSQL's "permission
/// denied to create role".
extension Schema {
    /// Makes the daemon's role unless the cluster has it. Roles belong to the cluster, not the database: another
    /// database of the cluster (or a migration running beside this one there) may have made it already.
    static let createDaemonRole = """
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(daemonRole)') THEN
                BEGIN
                    CREATE ROLE \(daemonRole) NOLOGIN;
                EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
                END;
            END IF;
        END
        $$
        """

    /// Throws ``DaemonRoleMissing`` unless the login role is a member of the daemon's role or may make and grant
    /// roles (then the migration `v10: users` makes it a member).
    static func requireDaemonRole(_ session: Session) throws {
        guard
            let row = try session.query(
                """
                SELECT current_user::text,
                       EXISTS (SELECT FROM pg_roles
                               WHERE rolname = '\(daemonRole)' AND pg_has_role(current_user, oid, 'MEMBER')),
                       (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user)
                """
            ).first
        else { return }
        let (login, isMember, mayGrant) = try row.decode((String, Bool, Bool?).self)
        if isMember || mayGrant == true { return }
        throw DaemonRoleMissing(login: login)
    }
}

/// The login role is not a member of the daemon's role and may not make it its own: an administrator's step is
/// missing. The database is unchanged.
package struct DaemonRoleMissing: Error, CustomStringConvertible {
    /// The login role that lacks the membership.
    package let login: String

    /// What is missing and the command that adds it.
    package var description: String {
        "the login role \"\(login)\" is not a member of the role \(Schema.daemonRole), which OpenHealthKit's "
            + "connections act as, and may not create or grant roles (it is neither superuser nor CREATEROLE): "
            + "have a role that may (e.g. postgres) run once `hk database init --database "
            + "postgresql://ADMIN@HOST:PORT/DB --member \(login)`, or run by hand the SQL that "
            + "`hk database init --print-sql --member \(login)` prints"
    }
}
