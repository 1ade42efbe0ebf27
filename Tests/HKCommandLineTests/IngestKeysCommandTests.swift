import Foundation
import OpenHealthKitTesting
import Testing

/// `hk ingest-keys add|list|revoke`: the keys phone apps push with, on a store file and on a user's store in a
/// PostgreSQL database. A key is printed once, alone on the last line; bad input is one line and exit status 2.
@Suite struct IngestKeysCommandTests {
    @Test func addPrintsTheKeyAloneOnItsLastLineAndListShowsItsNameNeverTheKey() async throws {
        let store = try TemporaryStore()
        let added = try await store.succeed(["ingest-keys", "add", "phone"])
        let key = try #require(added.split(separator: "\n").last.map(String.init))
        #expect(key.hasPrefix("ohkingest1.1."))
        let listed = try await store.succeed(["ingest-keys", "list", "--format", "csv"])
        #expect(listed.hasPrefix("name,created,lastPush\nphone,"))
        #expect(!listed.contains(key.split(separator: ".").last!))
        // The file holds the secret's hash only.
        let file = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect(file.range(of: Data(key.split(separator: ".").last!.utf8)) == nil)
    }

    @Test func revokeRemovesTheKeyAndAnUnknownNameIsBadInput() async throws {
        let store = try TemporaryStore()
        try await store.succeed(["ingest-keys", "add", "phone"])
        try await store.succeed(["ingest-keys", "revoke", "phone"])
        #expect(try await store.succeed(["ingest-keys", "list", "--format", "csv"]) == "name,created,lastPush\n")
        let unknown = try await store.run(["ingest-keys", "revoke", "phone"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no ingest key is named phone"))
    }

    @Test(arguments: ["", "Phone", "-x", String(repeating: "a", count: 65), "a b"])
    func aBadOrTakenNameIsRefusedAndAddsNothing(_ name: String) async throws {
        let store = try TemporaryStore()
        try await store.succeed(["ingest-keys", "add", "taken"])
        for refused in [name, "taken"] {
            let result = try await store.run(["ingest-keys", "add", refused])
            #expect(result.status == 2, "\(refused)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try await store.succeed(["ingest-keys", "list", "--format", "csv"]).split(separator: "\n").count == 2)
    }

    @Test func userNamesWhoseKeysOnADatabaseAndNeedsOne() async throws {
        let database = try await UsersCommandTests.database()
        #expect(try await UsersCommandTests.hk(["users", "add", "alice"], database).status == 0)
        let added = try await UsersCommandTests.hk(["ingest-keys", "add", "phone", "--user", "alice"], database)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.split(separator: "\n").last?.hasPrefix("ohkingest1.2.") == true)
        let owners = try await UsersCommandTests.hk(["ingest-keys", "list", "--format", "csv"], database)
        #expect(owners.stdout == "name,created,lastPush\n")
        let unknown = try await UsersCommandTests.hk(["ingest-keys", "list", "--user", "nobody"], database)
        #expect(unknown.status == 2)
        let onAFile = try await TemporaryStore().run(["ingest-keys", "list", "--user", "alice"])
        #expect(onAFile.status == 2)
        #expect(onAFile.stderr.contains("--user needs --database"))
    }
}
