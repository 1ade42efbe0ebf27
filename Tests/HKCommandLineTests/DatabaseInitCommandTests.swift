import Foundation
import OpenHealthKitTesting
import Testing

/// `hk database init`: the administrator's one step that lets OpenHealthKit start on a login role that may not create
/// roles, the setup docs/SECURITY.md recommends. Each test has a server of its own, whose cluster has no
/// `openhealthkit_daemon` until the step makes it.
@Suite struct DatabaseInitCommandTests {
    /// `hk` on `database` signed in as `role` (the administrator: the superuser).
    static func hk(_ arguments: [String], _ database: PlainRoleDatabase, as role: String) async throws
        -> HKProcess.Result
    {
        let administrator = role == database.server.user
        return try await HKProcess.run(
            arguments + ["--database", administrator ? database.administratorURL : database.url(as: role)],
            environment: [
                "PGPASSWORD": administrator ? database.server.password : database.password,
                "OPENHEALTHKIT_DATABASE": nil, "OPENHEALTHKIT_STORE": nil,
            ])
    }

    static func tableCount(_ database: PlainRoleDatabase) async throws -> String {
        try await database.server.sql(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: database.name
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aFirstStartOnALoginRoleThatMayNotCreateRolesNamesWhatItLacksAndTheCommandToRun() async throws {
        let database = try await PlainRoleDatabase.make()
        defer { Task { await database.remove() } }
        let added = try await Self.hk(["users", "add", "ann"], database, as: database.name)
        #expect(added.status == 1)
        #expect(added.stderr.contains("\"health\" is not a member of the role openhealthkit_daemon"), "\(added.stderr)")
        #expect(added.stderr.contains("hk database init --database"))
        #expect(try await Self.tableCount(database) == "0")
    }

    @Test func afterInitByASuperuserTheDatabasesOwnerCreatesTheTablesAndAddsUsers() async throws {
        let database = try await PlainRoleDatabase.make()
        defer { Task { await database.remove() } }
        let initialized = try await Self.hk(["database", "init"], database, as: database.server.user)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let added = try await Self.hk(["users", "add", "ann"], database, as: database.name)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await Self.tableCount(database) != "0")
    }

    @Test func aPlainMemberThatOwnsNothingStoresAndReadsAfterInitNamedIt() async throws {
        let database = try await PlainRoleDatabase.make()
        defer { Task { await database.remove() } }
        try await database.addLoginRole("healthd_login")
        let initialized = try await Self.hk(
            ["database", "init", "--member", "healthd_login"], database, as: database.server.user)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        // The owner migrates (hk users, as docs/SECURITY.md has it); the member then only reads and writes rows.
        #expect(try await Self.hk(["users", "list"], database, as: database.name).status == 0)
        let saved = try await Self.hk(
            ["samples", "add", "heartRate", "72", "count/min", "--start", "2024-11-03T08:00:00Z"], database,
            as: "healthd_login")
        #expect(saved.status == 0, "\(saved.stderr)")
        let listed = try await Self.hk(
            ["samples", "heartRate", "--format", "csv", "--timezone", "UTC"], database, as: "healthd_login")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains(",heartRate,2024-11-03T08:00:00+00:00,"))
    }

    @Test func aLoginRoleThatIsNotAMemberIsToldToRunInitNamingIt() async throws {
        let database = try await PlainRoleDatabase.make()
        defer { Task { await database.remove() } }
        try await database.addLoginRole("stranger")
        #expect(try await Self.hk(["database", "init"], database, as: database.server.user).status == 0)
        #expect(try await Self.hk(["users", "list"], database, as: database.name).status == 0)
        let listed = try await Self.hk(["samples", "heartRate"], database, as: "stranger")
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("hk database init --database"), "\(listed.stderr)")
        #expect(listed.stderr.contains("--member stranger"))
    }

    @Test func theSQLItPrintsDoesTheSameWhenAnAdministratorRunsItByHand() async throws {
        let database = try await PlainRoleDatabase.make()
        defer { Task { await database.remove() } }
        try await database.addLoginRole("healthd_login")
        let printed = try await HKProcess.run(
            ["database", "init", "--print-sql", "--member", "healthd_login"],
            environment: ["OPENHEALTHKIT_DATABASE": nil, "OPENHEALTHKIT_STORE": nil])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("CREATE ROLE openhealthkit_daemon NOLOGIN"))
        try await database.server.sql(printed.stdout, database: database.name)
        #expect(try await Self.hk(["users", "add", "ann"], database, as: database.name).status == 0)
        let saved = try await Self.hk(
            ["samples", "add", "heartRate", "72", "count/min"], database, as: "healthd_login")
        #expect(saved.status == 0, "\(saved.stderr)")
    }
}
