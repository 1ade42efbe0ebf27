import Foundation
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import Testing

/// The users of a PostgreSQL database (`PostgresAccounts`): added with a secret shown once and kept as a hash,
/// checked by name and secret, removed with all their data; and each user's store on the shared database.
@Suite struct PostgresAccountsTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    static func row(_ value: Double) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: steps, startDate: value, endDate: value + 60, value: value,
            source: SourceRow(bundleIdentifier: "com.example.phone", name: "Phone"), revision: RevisionRow())
    }

    static func database() async throws -> (PostgreSQLAddress, PostgresAccounts) {
        let address = try await TestStorage.newDatabase()
        return (address, try PostgresAccounts(address: address))
    }

    static func sql(_ statement: String, _ address: PostgreSQLAddress) async throws -> String {
        try await PostgreSQLServer.shared().sql(statement, database: address.database)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anAddedUserSignsInWithTheSecretReturnedOnce() async throws {
        let (_, accounts) = try await Self.database()
        let (user, secret) = try accounts.add(name: "alice")
        #expect(try accounts.verify(name: "alice", secret: secret) == user)
        #expect(user.hasSecret && user.name == "alice" && user.id != PostgresStorage.ownerUserID)
    }

    @Test func theSecretIsStoredOnlyAsASaltedScryptHash() async throws {
        let (address, accounts) = try await Self.database()
        let (_, secret) = try accounts.add(name: "alice")
        let (_, other) = try accounts.add(name: "bob")
        let stored = try await Self.sql(
            "SELECT encode(secret_hash, 'hex'), encode(secret_salt, 'hex'), secret_parameters FROM health_user "
                + "WHERE name IN ('alice', 'bob') ORDER BY name", address)
        #expect(!stored.contains(secret) && !stored.contains(other))
        let rows = stored.split(separator: "\n").map { $0.split(separator: "|") }
        #expect(rows.count == 2 && rows.allSatisfy { $0.count == 3 && $0[2] == "scrypt N=32768 r=8 p=1" })
        #expect(rows[0][1] != rows[1][1])  // a salt each
    }

    @Test func aWrongSecretAnUnknownNameAndTheOwnerWithoutASecretGetTheSameAnswer() async throws {
        let (_, accounts) = try await Self.database()
        let (_, secret) = try accounts.add(name: "alice")
        #expect(try accounts.verify(name: "alice", secret: secret + "x") == nil)
        #expect(try accounts.verify(name: "nobody", secret: secret) == nil)
        #expect(try accounts.verify(name: "owner", secret: "") == nil)
    }

    /// A secret once verified is remembered (so that healthd's owner calls do not each pay scrypt), but only that
    /// secret: a wrong one after it is still refused.
    @Test func aSecretVerifiedBeforeLetsNoOtherSecretIn() async throws {
        let (_, accounts) = try await Self.database()
        let (user, secret) = try accounts.add(name: "alice")
        #expect(try accounts.verify(name: "alice", secret: secret) == user)
        #expect(try accounts.verify(name: "alice", secret: secret + "x") == nil)
        #expect(try accounts.verify(name: "alice", secret: String(secret.dropLast())) == nil)
        #expect(try accounts.verify(name: "alice", secret: secret) == user)
    }

    /// What is remembered is tied to the stored hash: once the database holds another, the old secret stops working
    /// at once and the new one works.
    @Test func aSecretVerifiedBeforeStopsWorkingWhenTheStoredHashChanges() async throws {
        let (address, accounts) = try await Self.database()
        let (alice, secret) = try accounts.add(name: "alice")
        let (_, bobsSecret) = try accounts.add(name: "bob")
        #expect(try accounts.verify(name: "alice", secret: secret) == alice)
        _ = try await Self.sql(
            "UPDATE health_user a SET secret_hash = b.secret_hash, secret_salt = b.secret_salt FROM health_user b "
                + "WHERE a.name = 'alice' AND b.name = 'bob'", address)
        #expect(try accounts.verify(name: "alice", secret: secret) == nil)
        #expect(try accounts.verify(name: "alice", secret: bobsSecret) == alice)
    }

    @Test func aTakenNameIsRefusedAndTheDatabaseIsUnchanged() async throws {
        let (address, accounts) = try await Self.database()
        let (alice, secret) = try accounts.add(name: "alice")
        #expect(throws: AccountError.nameTaken("alice")) { try accounts.add(name: "alice") }
        #expect(try accounts.users().map(\.name) == ["owner", "alice"])
        #expect(try accounts.verify(name: "alice", secret: secret) == alice)
        #expect(try await Self.sql("SELECT count(*) FROM store_anchor", address) == "2")
    }

    @Test(arguments: ["", "Alice", "al ice", "-alice", "alice/../bob", "élise", String(repeating: "a", count: 65)])
    func anInvalidNameIsRefused(_ name: String) async throws {
        let (_, accounts) = try await Self.database()
        #expect(throws: AccountError.invalidName(name)) { try accounts.add(name: name) }
        #expect(try accounts.users().map(\.name) == ["owner"])
    }

    @Test func theDatabaseRefusesAnInvalidNameToo() async throws {
        let (address, _) = try await Self.database()
        let error = await #expect(throws: PostgreSQLServerError.self) {
            try await Self.sql("INSERT INTO health_user (name) VALUES ('Bad Name')", address)
        }
        #expect(
            error?.description.contains("violates check constraint \"health_user_name_is_valid\"") == true,
            "\(error?.description ?? "")")
    }

    @Test func eachUsersStoreHoldsOnlyTheirOwnSamples() async throws {
        let (address, accounts) = try await Self.database()
        let alice = try accounts.add(name: "alice").user, bob = try accounts.add(name: "bob").user
        let database = PostgresDatabase.shared(address)
        let aliceStore = try PostgresStorage(database: database, user: alice.id)
        let bobStore = try PostgresStorage(database: database, user: bob.id)
        let aliceRow = Self.row(1), bobRows = [Self.row(2), Self.row(3)]
        _ = try aliceStore.insert([aliceRow])
        _ = try bobStore.insert(bobRows)
        #expect(try aliceStore.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid) == [aliceRow.uuid])
        #expect(
            try Set(bobStore.fetch(RowQuery(typeIdentifiers: [Self.steps])).map(\.uuid)) == Set(bobRows.map(\.uuid)))
        #expect(try aliceStore.currentAnchor() == 1 && bobStore.currentAnchor() == 2)
    }

    @Test func removingAUserDeletesEveryRowOfTheirsAndNoOneElses() async throws {
        let (address, accounts) = try await Self.database()
        let alice = try accounts.add(name: "alice").user, bob = try accounts.add(name: "bob").user
        let database = PostgresDatabase.shared(address)
        for user in [alice, bob] {
            let store = try PostgresStorage(database: database, user: user.id)
            _ = try store.insert([Self.row(1), Self.row(2)])
            try store.setSettings(["unit": "count"])
            // Builds the steps' statistics aggregates.
            #expect(
                try store.forEachStatisticsAggregate(
                    AggregateQuery(typeIdentifier: Self.steps, firstBucket: nil, endBucket: nil, bySource: true),
                    sources: { _, _ in }, { _ in }))
        }
        try accounts.remove(name: "alice")
        #expect(try accounts.users().map(\.name) == ["owner", "bob"])
        let left = try await Self.sql(
            "SELECT user_id, count(*) FROM sample GROUP BY user_id UNION ALL "
                + "SELECT user_id, count(*) FROM setting GROUP BY user_id UNION ALL "
                + "SELECT user_id, count(*) FROM statistics_bucket GROUP BY user_id UNION ALL "
                + "SELECT user_id, count(*) FROM statistics_ranking GROUP BY user_id UNION ALL "
                + "SELECT user_id, count(*) FROM store_anchor GROUP BY user_id ORDER BY 1", address)
        #expect(!left.split(separator: "\n").contains { $0.hasPrefix("\(alice.id)|") })
        #expect(left.split(separator: "\n").filter { $0.hasPrefix("\(bob.id)|") }.count == 5)
    }

    @Test func removingAnUnknownUserOrTheOwnerIsRefused() async throws {
        let (_, accounts) = try await Self.database()
        #expect(throws: AccountError.unknownUser("nobody")) { try accounts.remove(name: "nobody") }
        #expect(throws: AccountError.ownerStays) { try accounts.remove(name: "owner") }
        #expect(try accounts.users().map(\.name) == ["owner"])
    }
}
