import Foundation
import Testing
import OpenHealthKitEngine
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// Ingest keys in a store: made, checked, revoked; noting a push writes the push alone.
@Suite struct IngestKeysTests {
    @Test func aKeyRevokedWhileItsPushRunsStaysRevoked() throws {
        let keys = IngestKeys(engine: HealthEngine(storage: try SQLiteStorage()))
        let (record, key) = try keys.add(name: "phone", user: 1)
        #expect(try keys.verify(key) != nil)
        // The push authenticated with `record`; the owner revokes the key; the push ends and notes itself.
        try keys.revoke(name: "phone")
        try keys.notePush(record, timeZone: "GMT+0100")
        #expect(try keys.verify(key) == nil)
        #expect(try keys.list().isEmpty)
    }

    @Test func aPushIsNotedWithItsZoneAndTheKeyKeepsItsSecretHash() throws {
        let keys = IngestKeys(engine: HealthEngine(storage: try SQLiteStorage()))
        let (record, key) = try keys.add(name: "phone", user: 1)
        let when = Date(timeIntervalSince1970: 1_772_700_000)
        try keys.notePush(record, at: when, timeZone: "GMT+0100")
        let listed = try #require(try keys.list().first)
        #expect(listed.lastPush == when && listed.lastPushTimeZone == "GMT+0100")
        #expect(listed.secretHash == record.secretHash)
        #expect(try keys.verify(key)?.lastPush == when)
    }

    @Test(arguments: ["", "ohkingest1.1.x", "ohkingest1.x.y.z", "ohk1.1.a.b", String(repeating: "a", count: 500)])
    func textThatIsNoKeyVerifiesAsNothing(_ text: String) throws {
        let keys = IngestKeys(engine: HealthEngine(storage: try SQLiteStorage()))
        _ = try keys.add(name: "phone", user: 1)
        #expect(try keys.verify(text) == nil)
    }
}
