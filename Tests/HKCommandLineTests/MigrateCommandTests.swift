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

    /// A store file at a new path in `folder`, not created yet.
    static func newStore(in folder: URL, _ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func aRealExportMovedToAUserAndBackAnswersEveryQueryAsBefore() async throws {
        let database = try await Self.database()
        let original = try TemporaryStore()
        try await original.succeed([
            "import", Self.fixtures.appendingPathComponent("dogsheep-healthkit-to-sqlite/zip_contents").path, "--quiet",
        ])
        let there = try await Self.migrate(from: original.path, to: database.url, database, ["--format", "json"])
        #expect(there.status == 0, "\(there.stdout) \(there.stderr)")
        let back = TemporaryStore(folder: original.folder, name: "back.sqlite")
        let returned = try await Self.migrate(from: database.url, to: back.path, database, ["--format", "json"])
        #expect(returned.status == 0, "\(returned.stdout) \(returned.stderr)")
        let outward = try Self.tallies(there), homeward = try Self.tallies(returned)
        #expect(outward.map { $0["result"] as? String } == Array(repeating: "equal", count: outward.count))
        #expect(homeward.map { $0["result"] as? String } == Array(repeating: "equal", count: homeward.count))
        #expect(outward.map { $0["sourceChecksum"] as? String } == homeward.map { $0["destinationChecksum"] as? String })
        #expect(outward.first { $0["table"] as? String == "samples" }?["sourceCount"] as? Int == 4)
        let types = ["heartRate", "bodyMassIndex"]
        #expect(try await Self.answers(back, types: types) == (try await Self.answers(original, types: types)))
        let statistics = ["stats", "heartRate", "--from", "2000-01-01", "--to", "2030-01-01", "--format", "csv"]
        #expect(try await back.succeed(statistics) == (try await original.succeed(statistics)))
    }
}
