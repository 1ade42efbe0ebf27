import PostgresNIO

/// Migration `v16: users bound by the database, append-only audit log` (PostgreSQL only): the user a transaction acts
/// for is something the daemon's role cannot forge, and the audit log is append-only for it (docs/decisions/0001).
///
/// Before, the policies read `openhealthkit.user`, a setting any session may set: SQL injected into one of the
/// storage's statements could switch to another user, or set `openhealthkit.removing_user` and erase an audit log.
///
/// - Each connection, when it opens (``PostgresDatabase``), gets a random key from `openhealthkit_open_session()`,
///   once: the key is kept in `openhealthkit_session_key` (by backend pid), which only the schema's owner may read,
///   and a second call on the same connection is refused, so SQL injected later cannot take a key of its own.
/// - The storage binds each transaction to its user with `openhealthkit_bind_user(user, key)`, which checks the key
///   and sets `openhealthkit.user` to the user and a seal: a hash of the key, the user, the backend and the
///   transaction's start.
/// - The policies compare `user_id` with `openhealthkit_user()`, which returns the user only when the seal matches
///   (NULL otherwise: no row). Setting `openhealthkit.user` by hand, or reusing a seal for another user or another
///   transaction, binds nobody.
/// - The three functions run as the schema's owner (`SECURITY DEFINER`), name every object with its schema, and are
///   the daemon's role's only way to the keys; the seal's helper is the owner's alone.
/// - The daemon's role loses `UPDATE` and `DELETE` on `audit_entry`: only the owner (``PostgresAccounts``, `hk users
///   remove`) removes a user's entries, with the user.
extension Schema {
    /// The policy's condition on every user table: the user bound for the transaction, when the database binds
    /// them (`v16`), else the setting (older databases, made by tests of upgrades).
    static func userRowsCondition(boundByDatabase: Bool) -> String {
        boundByDatabase
            ? "user_id = (SELECT openhealthkit_user())"
            : "user_id = nullif(current_setting('openhealthkit.user', true), '')::bigint"
    }

    /// Makes the key table and the functions in the current schema, takes `UPDATE` and `DELETE` on the audit log
    /// from the daemon's role, and gives every user table the new policy.
    static func bindUsers(_ session: Session) throws {
        guard let schema = try session.query("SELECT current_schema()::text").first?.decode(String.self) else { return }
        for statement in bindingStatements(schema: quoted(schema)) { try session.execute(statement) }
        let condition = userRowsCondition(boundByDatabase: true)
        for table in try userTables(session) {
            let name = quoted(table)
            try session.execute("DROP POLICY IF EXISTS \(userRowsPolicy) ON \(name)")
            try session.execute(
                "CREATE POLICY \(userRowsPolicy) ON \(name) USING (\(condition)) WITH CHECK (\(condition))")
        }
    }

    /// The statements of ``bindUsers(_:)`` but the policies, every object qualified with `schema` (a quoted name):
    /// a definer function must not find a table or function the caller made in `pg_temp` or elsewhere.
    static func bindingStatements(schema s: String) -> [String] {
        [
            "CREATE TABLE \(s).openhealthkit_session_key (pid integer PRIMARY KEY, key text NOT NULL)",
            "REVOKE ALL ON \(s).openhealthkit_session_key FROM PUBLIC",
            // The seal: a hash of the key and of the key with the user, the backend and the transaction's start.
            """
            CREATE FUNCTION \(s).openhealthkit_seal(key text, target bigint) RETURNS text
            LANGUAGE sql STABLE AS $$
                SELECT pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(key || pg_catalog.encode(
                    pg_catalog.sha256(pg_catalog.convert_to(key || ':' || target || ':' || pg_catalog.pg_backend_pid()
                        || ':' || EXTRACT(epoch FROM pg_catalog.transaction_timestamp()), 'UTF8')),
                    'hex'), 'UTF8')), 'hex')
            $$
            """,
            """
            CREATE FUNCTION \(s).openhealthkit_open_session() RETURNS text
            LANGUAGE plpgsql SECURITY DEFINER AS $$
            DECLARE
                fresh text := pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text;
            BEGIN
                -- Keys of connections gone (a backend's pid is reused only once it is gone).
                DELETE FROM \(s).openhealthkit_session_key k
                    WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_stat_activity a WHERE a.pid = k.pid);
                INSERT INTO \(s).openhealthkit_session_key (pid, key) VALUES (pg_catalog.pg_backend_pid(), fresh)
                    ON CONFLICT (pid) DO NOTHING;
                IF NOT FOUND THEN
                    RAISE EXCEPTION 'this connection already has its key' USING ERRCODE = 'insufficient_privilege';
                END IF;
                RETURN fresh;
            END
            $$
            """,
            """
            CREATE FUNCTION \(s).openhealthkit_bind_user(target bigint, proof text) RETURNS void
            LANGUAGE plpgsql SECURITY DEFINER AS $$
            DECLARE
                known text;
            BEGIN
                SELECT key INTO known FROM \(s).openhealthkit_session_key WHERE pid = pg_catalog.pg_backend_pid();
                IF known IS NULL OR known <> proof THEN
                    RAISE EXCEPTION 'not this connection''s key' USING ERRCODE = 'insufficient_privilege';
                END IF;
                PERFORM pg_catalog.set_config(
                    'openhealthkit.user', target || ':' || \(s).openhealthkit_seal(known, target), true);
            END
            $$
            """,
            """
            CREATE FUNCTION \(s).openhealthkit_user() RETURNS bigint
            LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
            DECLARE
                bound text := pg_catalog.current_setting('openhealthkit.user', true);
                target bigint;
                known text;
            BEGIN
                IF bound IS NULL OR bound !~ '^[0-9]{1,18}:[0-9a-f]{64}$' THEN RETURN NULL; END IF;
                target := pg_catalog.split_part(bound, ':', 1)::bigint;
                SELECT key INTO known FROM \(s).openhealthkit_session_key WHERE pid = pg_catalog.pg_backend_pid();
                IF known IS NULL OR pg_catalog.split_part(bound, ':', 2) <> \(s).openhealthkit_seal(known, target) THEN
                    RETURN NULL;
                END IF;
                RETURN target;
            END
            $$
            """,
            """
            REVOKE ALL ON FUNCTION \(s).openhealthkit_seal(text, bigint), \(s).openhealthkit_open_session(),
                \(s).openhealthkit_bind_user(bigint, text), \(s).openhealthkit_user() FROM PUBLIC
            """,
            """
            GRANT EXECUTE ON FUNCTION \(s).openhealthkit_open_session(), \(s).openhealthkit_bind_user(bigint, text),
                \(s).openhealthkit_user() TO \(daemonRole)
            """,
            "REVOKE UPDATE, DELETE ON \(s).audit_entry FROM \(daemonRole)",
        ]
    }
}
