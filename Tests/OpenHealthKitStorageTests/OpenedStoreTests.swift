import Foundation
import OpenHealthKitEngine
import OpenHealthKitStores
import Testing

/// Opening a store says what it can do beyond its engine, found once where its kind is known (healthd finds nothing
/// by a cast, and imports no storage module).
@Suite struct OpenedStoreTests {
    static let owner = StoreLocation.ownerUserID

    @Test func aSQLiteStoreSharesNoRecords() throws {
        #expect(try OpenedStore.open(.memory).shared == nil)
    }

    @Test func aPostgreSQLStoreSharesItsUsersRecordsWithEveryOtherOpeningOfThem() async throws {
        let address = try await TestStorage.newDatabase()
        let store = try OpenedStore.open(.postgreSQL(address, user: Self.owner))
        let shared = try #require(store.shared)
        let hash = [UInt8](repeating: 7, count: 32)
        let now = Date()
        try shared.createWebSession(idHash: hash, csrfToken: "form-token", at: now, idleLifetime: 600)
        let directory = OpenedStore.directory(at: address)
        #expect(try directory.userIDs().contains(Self.owner))
        let found = try directory.sharedRecords(of: Self.owner).webSession(idHash: hash, at: now, idleLifetime: 600)
        #expect(found?.csrfToken == "form-token")
    }
}
