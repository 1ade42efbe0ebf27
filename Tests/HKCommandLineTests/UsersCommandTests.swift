import Foundation
import OpenHealthKitTesting
import Testing

/// `hk users add|remove|list --database URL`: the people of a PostgreSQL database, on a real server. A secret is
/// printed once, by `add`; bad input is one line, exit status 2, and leaves the database as it was.
@Suite struct UsersCommandTests {
    /// A fresh database's URL, and the environment that signs into it.
    static func database() async throws -> (url: String, environment: [String: String?]) {
        let server = try await PostgreSQLServer.shared()
        return (
            try await server.createDatabase(),
            ["PGPASSWORD": server.password, "OPENHEALTHKIT_DATABASE": nil, "OPENHEALTHKIT_STORE": nil]
        )
    }

    @discardableResult static func sql(_ statement: String, _ url: String) async throws -> String {
        try await PostgreSQLServer.shared().sql(statement, database: DatabaseOptionTests.name(url))
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func hk(_ arguments: [String], _ database: (url: String, environment: [String: String?])) async throws
        -> HKProcess.Result
    {
        try await HKProcess.run(arguments + ["--database", database.url], environment: database.environment)
    }

    @Test func addPrintsTheNewUsersSecretOnceAndKeepsOnlyItsHash() async throws {
        let database = try await Self.database()
        let added = try await Self.hk(["users", "add", "alice"], database)
        #expect(added.status == 0, "\(added.stderr)")
        let lines = added.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("alice"))
        let secret = String(lines[1])
        #expect(secret.count == 43)
        let stored = try await Self.sql(
            "SELECT name, encode(secret_hash, 'hex'), secret_parameters FROM health_user WHERE name = 'alice'",
            database.url)
        #expect(stored.hasPrefix("alice|") && !stored.contains(secret))
        // Listing shows the user, never a secret or a hash.
        let listed = try await Self.hk(["users", "list", "--format", "csv"], database)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == "id,name,hasSecret\n1,owner,false\n2,alice,true\n")
    }

    @Test func removeDeletesTheUserAndAllTheirRows() async throws {
        let database = try await Self.database()
        for name in ["alice", "bob"] { #expect(try await Self.hk(["users", "add", name], database).status == 0) }
        try await Self.sql(
            """
            INSERT INTO setting (user_id, key, value) SELECT id, 'k', 'v' FROM health_user;
            INSERT INTO audit_entry (user_id, id, time, app, operation, types, sample_count)
                SELECT id, 1, 0, 'owner', 'save', '', 0 FROM health_user;
            """, database.url)
        let removed = try await Self.hk(["users", "remove", "alice"], database)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            try await Self.sql("SELECT string_agg(name, ',' ORDER BY id) FROM health_user", database.url) == "owner,bob"
        )
        let left = try await Self.sql(
            """
            SELECT (SELECT string_agg(DISTINCT user_id::text, ',') FROM setting) || ' '
                || (SELECT string_agg(DISTINCT user_id::text, ',') FROM audit_entry) || ' '
                || (SELECT string_agg(user_id::text, ',' ORDER BY user_id) FROM store_anchor)
            """, database.url)
        #expect(left == "1,3 1,3 1,3")
    }

    @Test(arguments: [
        (["users", "add", "Alice"], "not a valid user name"),
        (["users", "add", "al ice"], "not a valid user name"),
        (["users", "add", "bob"], "already exists"),
        (["users", "remove", "carol"], "no user is named \"carol\""),
        (["users", "remove", "owner"], "cannot be removed"),
    ])
    func badInputIsOneLineWithStatus2AndChangesNothing(_ arguments: [String], _ message: String) async throws {
        let database = try await Self.database()
        #expect(try await Self.hk(["users", "add", "bob"], database).status == 0)
        let before = try await Self.sql("SELECT string_agg(id || name, ',' ORDER BY id) FROM health_user", database.url)
        let result = try await Self.hk(arguments, database)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(
            try await Self.sql("SELECT string_agg(id || name, ',' ORDER BY id) FROM health_user", database.url)
                == before)
    }

    @Test(arguments: [["users", "add", "alice"], ["users", "remove", "alice"], ["users", "list"]])
    func withoutADatabaseUsersIsBadInput(_ arguments: [String]) async throws {
        let store = try TemporaryStore()
        let result = try await HKProcess.run(
            arguments + ["--store", store.path], environment: ["OPENHEALTHKIT_DATABASE": nil])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("needs --database"), "\(result.stderr)")
    }
}
