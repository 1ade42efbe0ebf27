import Foundation
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import Testing

/// The user a transaction acts for is bound by the database, not by a setting (docs/decisions/0001): on the setup
/// docs/SECURITY.md recommends (the tables' owner a plain login role, healthd signing in as another, a plain member
/// of `openhealthkit_daemon`), SQL that login role runs, as SQL injected into one of the storage's statements would,
/// cannot switch to another user, take a connection's key, or change the audit log. Each test has a server of its
/// own.
@Suite struct UserBindingTests {
    /// The login role healthd signs in with: a plain member of the daemon's role that owns nothing.
    static let member = "healthd_login"

    /// The recommended setup with two users, Alice and Bob, each with a sample (saved through the storage as
    /// ``member``) and an audit entry.
    struct TwoUsers {
        let database: PlainRoleDatabase
        let alice: Int64
        let bob: Int64
    }

    static func twoUsers() async throws -> TwoUsers {
        let database = try await PlainRoleDatabase.make()
        try await database.addLoginRole(member)
        try DaemonRoleSetup.run(
            on: try PostgreSQLAddress(url: database.administratorURL, password: database.server.password),
            members: [member])
        let accounts = try PostgresAccounts(
            address: try PostgreSQLAddress(url: database.url(as: database.name), password: database.password))
        let alice = try accounts.add(name: "alice").user.id, bob = try accounts.add(name: "bob").user.id
        let shared = PostgresDatabase.shared(
            try PostgreSQLAddress(url: database.url(as: member), password: database.password))
        for user in [alice, bob] {
            _ = try PostgresStorage(database: shared, user: user).insert([PostgresAvailabilityTests.row()])
        }
        try await database.server.sql(
            """
            INSERT INTO audit_entry (user_id, id, time, app, operation, types, sample_count)
                SELECT id, 1, 0, 'owner', 'save', '', 0 FROM health_user WHERE id IN (\(alice), \(bob))
            """, database: database.name)
        return TwoUsers(database: database, alice: alice, bob: bob)
    }

    /// Runs `statement` (one transaction) signed in as ``member``; what it printed, one row a line.
    static func asMember(_ statement: String, _ users: TwoUsers) async throws -> [String] {
        try await users.database.server.sql(
            statement, database: users.database.name, as: member, password: users.database.password
        ).split(separator: "\n").map(String.init)
    }

    /// The error PostgreSQL answered `statement` (PL/pgSQL, e.g. `PERFORM ...`) with, signed in as ``member``
    /// after `setup`; the error is caught in the session and read back, since psql prints errors apart.
    static func refusal(_ statement: String, after setup: String = "", _ users: TwoUsers) async throws -> String {
        let printed = try await asMember(
            """
            CREATE TEMPORARY TABLE refused (message text);
            \(setup)
            DO $$ BEGIN \(statement); EXCEPTION WHEN OTHERS THEN INSERT INTO refused VALUES (SQLERRM); END $$;
            SELECT coalesce((SELECT message FROM refused), 'not refused');
            """, users)
        return printed.last ?? ""
    }

    @Test func settingTheUserVariableByHandSeesNoneOfThatUsersRows() async throws {
        let users = try await Self.twoUsers()
        defer { Task { await users.database.remove() } }
        let seen = try await Self.asMember(
            "SET openhealthkit.\"user\" = '\(users.bob)'; SELECT count(*) FROM sample WHERE user_id = \(users.bob)",
            users)
        #expect(seen == ["0"])
        let stored = try await users.database.server.sql(
            "SELECT count(*) FROM sample WHERE user_id = \(users.bob)", database: users.database.name)
        #expect(stored.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test func aTransactionBoundToOneUserCannotBeSwitchedToAnotherByTheVariable() async throws {
        let users = try await Self.twoUsers()
        defer { Task { await users.database.remove() } }
        // psql prints only the last statement's rows: each count is kept in a table of the session's own.
        let seen = try await Self.asMember(
            """
            CREATE TEMPORARY TABLE seen (step integer, label text, rows bigint);
            SELECT openhealthkit_bind_user(\(users.alice), openhealthkit_open_session());
            INSERT INTO seen SELECT 1, 'alice', count(*) FROM sample WHERE user_id = \(users.alice);
            SELECT set_config('openhealthkit.user',
                '\(users.bob):' || split_part(current_setting('openhealthkit.user'), ':', 2), true);
            INSERT INTO seen SELECT 2, 'bob with Alice''s seal', count(*) FROM sample WHERE user_id = \(users.bob);
            SELECT set_config('openhealthkit.user', '\(users.bob)', true);
            INSERT INTO seen SELECT 3, 'bob by hand', count(*) FROM sample WHERE user_id = \(users.bob);
            SELECT label, rows FROM seen ORDER BY step;
            """, users)
        #expect(seen.filter { $0.contains("|") } == ["alice|1", "bob with Alice's seal|0", "bob by hand|0"])
    }

    @Test func aConnectionTakesItsBindingKeyOnceAndNoOneReadsTheKeys() async throws {
        let users = try await Self.twoUsers()
        defer { Task { await users.database.remove() } }
        let again = try await Self.refusal(
            "PERFORM openhealthkit_open_session()", after: "SELECT openhealthkit_open_session();", users)
        #expect(again.contains("this connection already has its key"), "\(again)")
        let read = try await Self.refusal("PERFORM count(*) FROM openhealthkit_session_key", users)
        #expect(read.contains("permission denied for table openhealthkit_session_key"), "\(read)")
        let wrong = try await Self.refusal(
            "PERFORM openhealthkit_bind_user(\(users.bob), 'guess')", after: "SELECT openhealthkit_open_session();",
            users)
        #expect(wrong.contains("not this connection's key"), "\(wrong)")
    }

    @Test func theDaemonsRoleCannotUpdateOrDeleteAnAuditEntryEvenWithTheRemovalVariableSet() async throws {
        let users = try await Self.twoUsers()
        defer { Task { await users.database.remove() } }
        for change in [
            "UPDATE audit_entry SET app = 'someone else' WHERE user_id = \(users.alice)",
            "DELETE FROM audit_entry WHERE user_id = \(users.alice)",
        ] {
            let refused = try await Self.refusal(
                change,
                after: """
                    SELECT openhealthkit_bind_user(\(users.alice), openhealthkit_open_session());
                    SELECT set_config('openhealthkit.removing_user', '\(users.alice)', true);
                    """, users)
            #expect(refused.contains("permission denied for table audit_entry"), "\(refused)")
        }
        let kept = try await users.database.server.sql(
            "SELECT app FROM audit_entry WHERE user_id = \(users.alice)", database: users.database.name)
        #expect(kept.trimmingCharacters(in: .whitespacesAndNewlines) == "owner")
    }

    @Test func theTablesOwnerStillRemovesAUserWithTheirAuditLog() async throws {
        let users = try await Self.twoUsers()
        defer { Task { await users.database.remove() } }
        let accounts = try PostgresAccounts(
            address: try PostgreSQLAddress(
                url: users.database.url(as: users.database.name), password: users.database.password))
        try accounts.remove(name: "alice")
        let left = try await users.database.server.sql(
            "SELECT string_agg(DISTINCT user_id::text, ',') FROM audit_entry", database: users.database.name)
        #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "\(users.bob)")
    }
}
