import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import OpenHealthKitWire

/// Removing a user (`hk users remove`, here ``PostgresAccounts/remove(name:)`` from this process, as `hk` would from
/// its own) while healthd serves them: what was open for them ends then, not at their next call.
extension UserCrossingTests {
    private static func stream(_ pair: Pair, _ person: Person) -> EventStreamReader {
        EventStreamReader(
            url: pair.daemon.url("/v1/changes/stream?types=\(heartRate)"), credential: person.credential,
            lastEventID: nil)
    }

    private static func accounts(_ pair: Pair) throws -> PostgresAccounts {
        let database = try #require(pair.daemon.database)
        return try PostgresAccounts(address: try PostgreSQLAddress(url: database.url, password: database.password))
    }

    @Test func removingAUserEndsTheirAppsOpenStreamWithoutAnotherCall() async throws {
        try await Self.withPair { pair in
            let bobs = Self.stream(pair, pair.bob)
            defer { bobs.close() }
            #expect(try await bobs.connected() == 200)
            try Self.accounts(pair).remove(name: pair.bob.name)
            // Nobody calls healthd as Bob: only the removal's notification can end the stream.
            try await bobs.ended()
            #expect(bobs.hasEnded)
            #expect(try await pair.app(pair.bob, "GET", "/v1/anchor").status == 401)
        }
    }

    @Test func removingAUserLeavesAnotherUsersStreamOpenAndHearing() async throws {
        try await Self.withPair { pair in
            let anns = Self.stream(pair, pair.ann), bobs = Self.stream(pair, pair.bob)
            defer {
                anns.close()
                bobs.close()
            }
            #expect(try await anns.connected() == 200)
            #expect(try await bobs.connected() == 200)
            try Self.accounts(pair).remove(name: pair.bob.name)
            try await bobs.ended()
            #expect(!anns.hasEnded)
            var sample = AppClient.beat(72, at: 1_700_000_700)
            sample.uuid = UUID()
            let saved = try await pair.app(pair.ann, "POST", "/v1/samples", json: WireSaveRequest(objects: [sample]))
            #expect(saved.status == 200)
            let events = try await anns.wait(until: { !$0.isEmpty })
            #expect(events.count == 1)
            #expect(!anns.hasEnded)
        }
    }
}
