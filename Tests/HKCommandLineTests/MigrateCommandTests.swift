import Foundation
import OpenHealthKitTesting
import Testing

/// `hk migrate` through the real binary, between real SQLite files and users of a real PostgreSQL server: a store
/// moved to a user and back answers every query as before; the destination must be empty and anything else is bad
/// input that changes nothing; a failure midway leaves the destination empty.
@Suite struct MigrateCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("OpenHealthKitExchangeTests/Fixtures")

    /// A fresh database with the users `names`.
    static func database(users names: [String] = ["alice"]) async throws -> (
        url: String, environment: [String: String?]
    ) {
        let database = try await UsersCommandTests.database()
        for name in names {
            let added = try await UsersCommandTests.hk(["users", "add", name], database)
            #expect(added.status == 0, "\(added.stderr)")
        }
        return database
    }

    /// `hk migrate --from from --to to --user user`.
    static func migrate(
        from: String, to: String, user: String = "alice", _ database: (url: String, environment: [String: String?]),
        _ extra: [String] = []
    ) async throws -> HKProcess.Result {
        try await HKProcess.run(
            ["migrate", "--from", from, "--to", to, "--user", user] + extra, environment: database.environment)
    }

    /// The rows of `hk migrate --format json`: table name to [sourceCount, destinationCount], and whether every one
    /// is equal.
    static func tallies(_ result: HKProcess.Result) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// What `store` answers to the queries a person asks: samples of the types the fixtures hold (UUIDs, sources,
    /// devices, metadata), workouts, sources, characteristics and statistics.
    static func answers(_ store: TemporaryStore, types: [String]) async throws -> String {
        var text = ""
        for type in types {
            text += try await store.succeed(["samples", type, "--format", "json"])
        }
        text += try await store.succeed(["workouts", "--format", "json"])
        text += try await store.succeed(["me", "--format", "csv"])
        return text
    }

    /// Moves `original` to Alice's store in `database` and back to a new file beside it, expecting both runs to exit 0
    /// with every row equal; returns the new file and the first run's rows. The back-copy's destination checksums
    /// must be the original's.
    static func roundTrip(
        _ original: TemporaryStore, _ database: (url: String, environment: [String: String?]),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (back: TemporaryStore, outward: [[String: Any]]) {
        let there = try await migrate(from: original.path, to: database.url, database, ["--format", "json"])
        #expect(there.status == 0, "\(there.stdout) \(there.stderr)", sourceLocation: sourceLocation)
        let back = TemporaryStore(folder: original.folder, name: "back.sqlite")
        let returned = try await migrate(from: database.url, to: back.path, database, ["--format", "json"])
        #expect(returned.status == 0, "\(returned.stdout) \(returned.stderr)", sourceLocation: sourceLocation)
        let outward = try tallies(there), homeward = try tallies(returned)
        for rows in [outward, homeward] {
            #expect(rows.allSatisfy { $0["result"] as? String == "equal" }, sourceLocation: sourceLocation)
        }
        #expect(
            outward.map { $0["sourceChecksum"] as? String } == homeward.map { $0["destinationChecksum"] as? String },
            sourceLocation: sourceLocation)
        return (back, outward)
    }

    /// A store file at a new path in `folder`, not created yet.
    static func newStore(in folder: URL, _ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func aRealExportMovedToAUserAndBackAnswersEveryQueryAsBefore() async throws {
        let database = try await Self.database()
        let original = try TemporaryStore()
        try await original.succeed([
            "import", Self.fixtures.appendingPathComponent("dogsheep-healthkit-to-sqlite/zip_contents").path, "--quiet",
        ])
        let (back, outward) = try await Self.roundTrip(original, database)
        #expect(outward.first { $0["table"] as? String == "samples" }?["sourceCount"] as? Int == 4)
        let types = ["heartRate", "bodyMassIndex"]
        #expect(try await Self.answers(back, types: types) == (try await Self.answers(original, types: types)))
        let statistics = ["stats", "heartRate", "--from", "2000-01-01", "--to", "2030-01-01", "--format", "csv"]
        #expect(try await back.succeed(statistics) == (try await original.succeed(statistics)))
    }

    /// A store with every kind the synthetic export has (electrocardiograms, clinical records, a CDA document,
    /// routes, correlations, activity summaries...), plus a deleted sample and the owner's settings.
    static func everything() async throws -> TemporaryStore {
        let store = try TemporaryStore()
        try await store.succeed([
            "import", fixtures.appendingPathComponent("Synthetic/everything/apple_health_export").path, "--quiet",
        ])
        try await store.add(["stepCount", "10", "count", "--start", "2024-11-03T08:00:00Z"])
        let deleted = try await store.add(["stepCount", "20", "count", "--start", "2024-11-03T09:00:00Z"])
        try await store.succeed(["samples", "delete", deleted])
        try await store.add(["stepCount", "30", "count", "--start", "2024-11-03T10:00:00Z"])
        try await store.succeed(["me", "--set", "biologicalSex=female", "--set", "dateOfBirth=1984-03-02"])
        return store
    }

    @Test func everyKindOfRecordMovedToAUserAndBackHasEqualCountsAndChecksums() async throws {
        let database = try await Self.database()
        let original = try await Self.everything()
        let (back, outward) = try await Self.roundTrip(original, database)
        let counts = Dictionary(uniqueKeysWithValues: outward.map { ($0["table"] as? String ?? "", $0["sourceCount"]) })
        #expect(counts["deletedObjects"] as? Int == 1)
        #expect((counts["samples"] as? Int ?? 0) > 20)
        #expect((counts["settings"] as? Int ?? 0) >= 2)
        #expect((counts["activitySummaries"] as? Int ?? 0) >= 1)
        let types = ["stepCount", "heartRate", "bloodPressureSystolic", "sleepAnalysis"]
        #expect(try await Self.answers(back, types: types) == (try await Self.answers(original, types: types)))
    }

    @Test func theNewFileIsReadableByItsOwnerOnly() async throws {
        let database = try await Self.database()
        let original = try await Self.everything()
        #expect(try await Self.migrate(from: original.path, to: database.url, database).status == 0)
        let back = Self.newStore(in: original.folder, "back.sqlite")
        #expect(try await Self.migrate(from: database.url, to: back, database).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: back)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: original.folder.path)
            .filter { $0.contains("migrating") }
        #expect(leftovers.isEmpty)
    }

    @Test func theTableShowsEachKindOnBothSidesAndTheAppsToRegisterAgain() async throws {
        let database = try await Self.database()
        let original = try TemporaryStore()
        try await original.add(["stepCount", "10", "count"])
        let moved = try await Self.migrate(from: original.path, to: database.url, database)
        #expect(moved.status == 0, "\(moved.stderr)")
        let lines = moved.stdout.split(separator: "\n")
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true).first == "table")
        #expect(lines.contains { $0.hasPrefix("samples") && $0.hasSuffix("equal") && $0.contains(" 1 ") })
        #expect(!moved.stdout.contains("hk apps register"))  // no app was registered
    }

    @Test func anAppRegisteredWithHealthdIsCopiedAndListedWithHowToRegisterItAgain() async throws {
        let database = try await Self.database()
        let moved = try await RunningHealthd.with { daemon in
            let folder = try AppFolder(in: daemon.store.folder, bundleIdentifier: "com.example.steps")
            try await daemon.succeed(["apps", "register", folder.path])
            return try await Self.migrate(from: daemon.store.path, to: database.url, database)
        }
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("com.example.steps"))
        #expect(moved.stdout.contains("POST /v1/owner/apps") && moved.stdout.contains("signed in as alice"))
        #expect(moved.stdout.split(separator: "\n").contains { $0.hasPrefix("apps ") && $0.hasSuffix("equal") })
        let stored = try await UsersCommandTests.sql(
            "SELECT bundle_identifier FROM registered_app WHERE user_id = 2", database.url)
        #expect(stored == "com.example.steps")
    }

    @Test func anotherUsersDataIsNeitherChangedNorCopied() async throws {
        let database = try await Self.database(users: ["alice", "bob"])
        let bobs = try TemporaryStore()
        let bobsSample = try await bobs.add(["bodyMass", "80", "kg"])
        #expect(try await Self.migrate(from: bobs.path, to: database.url, user: "bob", database).status == 0)
        let before = try await UsersCommandTests.sql(
            "SELECT count(*) || ' ' || max(anchor) FROM sample WHERE user_id = 3", database.url)
        let alices = try await Self.everything()
        #expect(try await Self.migrate(from: alices.path, to: database.url, database).status == 0)
        #expect(
            try await UsersCommandTests.sql(
                "SELECT count(*) || ' ' || max(anchor) FROM sample WHERE user_id = 3", database.url) == before)
        let back = TemporaryStore(folder: alices.folder, name: "back.sqlite")
        #expect(try await Self.migrate(from: database.url, to: back.path, database).status == 0)
        #expect(try await back.samples("bodyMass").allSatisfy { $0["uuid"] as? String != bobsSample })
    }

    @Test func aFailureMidwayLeavesTheUserEmptyAndALaterMigrationWorks() async throws {
        let database = try await Self.database()
        let original = try await Self.everything()
        // Settings are written after every sample: a server that refuses them fails the copy midway.
        try await UsersCommandTests.sql(
            """
            CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
            CREATE TRIGGER refuse BEFORE INSERT ON setting FOR EACH ROW EXECUTE FUNCTION refuse();
            """, database.url)
        let failed = try await Self.migrate(from: original.path, to: database.url, database)
        #expect(failed.status == 1, "\(failed.stdout) \(failed.stderr)")
        let left = try await UsersCommandTests.sql(
            """
            SELECT (SELECT count(*) FROM sample WHERE user_id = 2) + (SELECT count(*) FROM deleted_object WHERE user_id = 2)
                + (SELECT count(*) FROM activity_summary WHERE user_id = 2)
            """, database.url)
        #expect(left == "0")
        try await UsersCommandTests.sql("DROP TRIGGER refuse ON setting", database.url)
        let retried = try await Self.migrate(from: original.path, to: database.url, database)
        #expect(retried.status == 0, "\(retried.stdout) \(retried.stderr)")
    }

    /// `hk migrate` with these arguments is bad input naming `problem` and changes neither side.
    func expectRefusal(
        _ arguments: [String], naming problem: String, _ database: (url: String, environment: [String: String?]),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let count = "SELECT count(*) FROM sample"
        let before = try await UsersCommandTests.sql(count, database.url)
        let result = try await HKProcess.run(["migrate"] + arguments, environment: database.environment)
        #expect(result.status == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(problem), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(try await UsersCommandTests.sql(count, database.url) == before, sourceLocation: sourceLocation)
    }

    @Test func anUnknownUserIsRefused() async throws {
        let database = try await Self.database()
        let store = try TemporaryStore()
        try await store.add(["stepCount", "10", "count"])
        try await expectRefusal(
            ["--from", store.path, "--to", database.url, "--user", "carol"], naming: "no user is named \"carol\"",
            database)
    }

    @Test func aUserWithDataIsRefusedAsADestination() async throws {
        let database = try await Self.database()
        let store = try TemporaryStore()
        try await store.add(["stepCount", "10", "count"])
        #expect(try await Self.migrate(from: store.path, to: database.url, database).status == 0)
        try await expectRefusal(
            ["--from", store.path, "--to", database.url, "--user", "alice"], naming: "already has samples", database)
    }

    @Test func anExistingFileIsNeverOverwritten() async throws {
        let database = try await Self.database()
        let store = try TemporaryStore()
        try await store.add(["stepCount", "10", "count"])
        #expect(try await Self.migrate(from: store.path, to: database.url, database).status == 0)
        let other = try TemporaryStore()
        try await other.add(["bodyMass", "70", "kg"])
        let before = try Data(contentsOf: URL(fileURLWithPath: other.path))
        try await expectRefusal(
            ["--from", database.url, "--user", "alice", "--to", other.path], naming: "never overwrites", database)
        #expect(try Data(contentsOf: URL(fileURLWithPath: other.path)) == before)
    }

    @Test func aSourceThatIsNotAStoreIsRefused() async throws {
        let database = try await Self.database()
        let scratch = try TemporaryStore()
        let folder = scratch.folder
        let garbage = folder.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: garbage))
        try await expectRefusal(
            ["--from", garbage, "--to", database.url, "--user", "alice"], naming: "cannot read the store", database)
        try await expectRefusal(
            ["--from", folder.appendingPathComponent("missing.sqlite").path, "--to", database.url, "--user", "alice"],
            naming: "no store at", database)
        _ = scratch
    }

    @Test func aBadDatabaseURLIsRefused() async throws {
        let database = try await Self.database()
        let store = try TemporaryStore()
        try await store.add(["stepCount", "10", "count"])
        try await expectRefusal(
            ["--from", store.path, "--to", "postgresql://127.0.0.1/health", "--user", "alice"], naming: "names no user",
            database)
        try await expectRefusal(
            ["--from", store.path, "--to", store.path + ".copy", "--user", "alice"], naming: "postgresql:// URL",
            database)
    }
}
