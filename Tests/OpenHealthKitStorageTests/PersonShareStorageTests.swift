import Foundation
import OpenHealthKitEngine
@testable import OpenHealthKitPostgres
import OpenHealthKitTesting
import Testing

/// Sharing between people on PostgreSQL (`PersonShareStorage`, `v19: sharing between people`): a share is its
/// owner's row, read and ended by the owner, read and left by its recipient, and reached by no one else, by the
/// storage or by raw SQL under the daemon's role.
@Suite struct PersonShareStorageTests {
    /// Three users of a fresh database, each with their storage.
    struct People {
        let address: PostgreSQLAddress
        let accounts: PostgresAccounts
        let alice: PostgresStorage
        let bob: PostgresStorage
        let carol: PostgresStorage
    }

    static let day = Date(timeIntervalSince1970: 1_800_000_000)

    static func people() async throws -> People {
        let address = try await TestStorage.newDatabase()
        let accounts = try PostgresAccounts(address: address)
        let database = PostgresDatabase.shared(address)
        let stores = try ["alice", "bob", "carol"].map {
            try PostgresStorage(database: database, user: try accounts.add(name: $0).user.id)
        }
        return People(address: address, accounts: accounts, alice: stores[0], bob: stores[1], carol: stores[2])
    }

    /// What `statement` prints, run under the daemon's role bound to `user`.
    static func asDaemon(_ statement: String, user: Int64, _ people: People) async throws -> String {
        try await UserCrossingTests.asDaemon(statement, user: user, people.address)
    }

    @Test func aShareIsSeenByItsOwnerAndItsRecipientOnly() async throws {
        let people = try await Self.people()
        let share = try people.alice.share(withUserNamed: "bob", categories: ["sleep", "heart"], at: Self.day)
        #expect(share.ownerName == "alice" && share.recipientName == "bob" && share.categories == ["heart", "sleep"])
        #expect(try people.alice.sharesGiven() == [share])
        #expect(try people.bob.sharesReceived() == [share])
        #expect(try people.bob.shareReceived(fromUserNamed: "alice") == share)
        #expect(try people.bob.sharesGiven().isEmpty && people.alice.sharesReceived().isEmpty)
        #expect(try people.carol.sharesReceived().isEmpty && people.carol.sharesGiven().isEmpty)
        #expect(try people.carol.shareReceived(fromUserNamed: "alice") == nil)
        #expect(try await Self.asDaemon("SELECT count(*) FROM person_share", user: people.carol.user, people) == "0")
    }

    @Test func sharingAgainReplacesTheCategoriesAndKeepsTheFirstDate() async throws {
        let people = try await Self.people()
        _ = try people.alice.share(withUserNamed: "bob", categories: ["heart"], at: Self.day)
        let again = try people.alice.share(
            withUserNamed: "bob", categories: ["sleep"], at: Self.day.addingTimeInterval(86_400))
        #expect(again.categories == ["sleep"] && again.since == Self.day)
        #expect(try people.bob.sharesReceived() == [again])
    }

    @Test func theRecipientLeavesAShareButCannotChangeIt() async throws {
        let people = try await Self.people()
        let share = try people.alice.share(withUserNamed: "bob", categories: ["heart"], at: Self.day)
        let changed = try await Self.asDaemon(
            "WITH c AS (UPDATE person_share SET categories = '{sleep,heart}' RETURNING 1) SELECT count(*) FROM c",
            user: people.bob.user, people)
        #expect(changed == "0")
        #expect(try people.alice.sharesGiven() == [share])
        #expect(try !people.carol.leaveShare(from: people.alice.user))
        #expect(try people.bob.leaveShare(from: people.alice.user))
        #expect(try people.alice.sharesGiven().isEmpty && people.bob.sharesReceived().isEmpty)
    }

    @Test func theOwnerEndsAShareAtOnceAndNoOneElseCan() async throws {
        let people = try await Self.people()
        _ = try people.alice.share(withUserNamed: "bob", categories: ["heart"], at: Self.day)
        #expect(try !people.carol.stopSharing(with: people.bob.user))
        #expect(try people.bob.shareReceived(fromUserNamed: "alice") != nil)
        #expect(try people.alice.stopSharing(with: people.bob.user))
        #expect(try people.bob.shareReceived(fromUserNamed: "alice") == nil)
        #expect(try !people.alice.stopSharing(with: people.bob.user))
    }

    @Test func noOneMakesAShareInAnothersName() async throws {
        let people = try await Self.people()
        let refused = try await Self.asDaemon(
            """
            DO $$ BEGIN
                INSERT INTO person_share (user_id, recipient_id, categories, created_at)
                VALUES (\(people.alice.user), \(people.bob.user), '{heart}', 0);
                RAISE EXCEPTION 'inserted';
            EXCEPTION WHEN insufficient_privilege THEN
                IF SQLERRM NOT LIKE '%row-level security%' THEN RAISE; END IF;
            END $$;
            SELECT 'refused';
            """, user: people.bob.user, people)
        #expect(refused.hasSuffix("refused"))
        #expect(try people.bob.sharesReceived().isEmpty)
    }

    @Test func anUnknownNameOneselfAndNoCategoryAreRefusedAndChangeNothing() async throws {
        let people = try await Self.people()
        #expect(throws: PersonShareError.unknownUser("dave")) {
            try people.alice.share(withUserNamed: "dave", categories: ["heart"], at: Self.day)
        }
        #expect(throws: PersonShareError.oneself) {
            try people.alice.share(withUserNamed: "alice", categories: ["heart"], at: Self.day)
        }
        #expect(throws: PersonShareError.nothingChosen) {
            try people.alice.share(withUserNamed: "bob", categories: [], at: Self.day)
        }
        #expect(try people.alice.sharesGiven().isEmpty)
    }

    @Test func removingTheRecipientRemovesWhatWasSharedWithThem() async throws {
        let people = try await Self.people()
        _ = try people.alice.share(withUserNamed: "bob", categories: ["heart"], at: Self.day)
        _ = try people.alice.share(withUserNamed: "carol", categories: ["heart"], at: Self.day)
        try people.accounts.remove(name: "bob")
        #expect(try people.alice.sharesGiven().map(\.recipientName) == ["carol"])
        let left = try await PostgreSQLServer.shared().sql(
            "SELECT count(*) FROM person_share WHERE recipient_id = \(people.bob.user)",
            database: people.address.database)
        #expect(left.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
