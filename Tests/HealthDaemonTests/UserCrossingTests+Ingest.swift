import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitPostgres
import OpenHealthKitStores
import OpenHealthKitWire

/// Ingest keys and webhooks between two users of one database: a key pushes into its own user's store only, even
/// when its text names the other; a webhook hears its own user's changes only.
extension UserCrossingTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    /// A key of `name`'s store, made as `hk ingest-keys add --user` makes it.
    static func ingestKey(_ pair: Pair, user name: String) throws -> String {
        let database = try #require(pair.daemon.database)
        let address = try PostgreSQLAddress(url: database.url, password: database.password)
        let user = try #require(try PostgresAccounts(address: address).user(named: name))
        let engine = try HealthEngine.open(.postgreSQL(address, user: user.id))
        return try IngestKeys(engine: engine).add(name: "phone", user: user.id).key
    }

    @Test func anIngestKeyPushesIntoItsOwnUsersStoreOnlyEvenWhenItNamesTheOther() async throws {
        try await Self.withPair { pair in
            let key = try Self.ingestKey(pair, user: "ann")
            let push = IngestRoutesTests.steps
            let stored = try await HTTP.call(
                "POST", pair.daemon.url(IngestRoutesTests.path), body: push, headers: ["Authorization": "Bearer \(key)"]
            )
            #expect(stored.status == 200, "\(stored.text)")

            // The same key with Bob's id in place of Ann's: Bob's store holds no such key.
            var parts = key.split(separator: ".").map(String.init)
            let bob = try #require(
                try PostgresAccounts(
                    address: PostgreSQLAddress(url: pair.daemon.database!.url, password: pair.daemon.database!.password)
                ).user(named: "bob"))
            parts[1] = String(bob.id)
            let forged = try await HTTP.call(
                "POST", pair.daemon.url(IngestRoutesTests.path), body: push,
                headers: ["Authorization": "Bearer \(parts.joined(separator: "."))"])
            #expect(forged.status == 401)

            let path = "/v1/owner/sources?type=\(Self.steps)"
            let anns = try await pair.owner(pair.ann, "GET", path).decode(WireSourcesResponse.self).sources
            let bobs = try await pair.owner(pair.bob, "GET", path).decode(WireSourcesResponse.self).sources
            #expect(Set(anns.map(\.name)) == ["Ann's Apple Watch", "Ann's iPhone"])
            #expect(bobs.isEmpty)
        }
    }

    @Test func aWebhookHearsItsOwnUsersChangesOnly() async throws {
        try await Self.withPair { pair in
            let receiver = try await CallbackReceiver.start()
            defer { Task { try? await receiver.stop() } }
            let subscribed = try await pair.owner(
                pair.ann, "POST", "/v1/owner/webhooks",
                json: WireWebhookRequest(url: receiver.url.absoluteString, types: ["heartRate"]))
            #expect(subscribed.status == 201)
            var bobs = AppClient.beat(70)
            bobs.uuid = UUID()
            #expect(
                try await pair.app(pair.bob, "POST", "/v1/samples", json: WireSaveRequest(objects: [bobs])).status
                    == 200)
            var anns = AppClient.beat(71)
            anns.uuid = UUID()
            #expect(
                try await pair.app(pair.ann, "POST", "/v1/samples", json: WireSaveRequest(objects: [anns])).status
                    == 200)
            let post = try #require(try await receiver.waitForPosts(1).first)
            let message = try JSONDecoder().decode(WireWebhookMessage.self, from: post.body)
            #expect(message.data.changes.samples.map(\.uuid) == [anns.uuid])
            #expect(
                try await pair.owner(pair.bob, "GET", "/v1/owner/webhooks").decode(WireWebhooks.self).webhooks.isEmpty)
        }
    }

    @Test func annCannotReachBobsWebhookByItsID() async throws {
        try await Self.withPair { pair in
            let bobs = try await pair.owner(
                pair.bob, "POST", "/v1/owner/webhooks",
                json: WireWebhookRequest(url: "http://127.0.0.1:9/hook", types: ["heartRate"])
            ).decode(WireWebhook.self)
            for (method, path) in [
                ("GET", "/v1/owner/webhooks/\(bobs.id)/deliveries"), ("DELETE", "/v1/owner/webhooks/\(bobs.id)"),
            ] {
                let across = try await pair.owner(pair.ann, method, path)
                let nowhere = try await pair.owner(
                    pair.ann, method, path.replacingOccurrences(of: bobs.id, with: "wh_0"))
                #expect(across.status == 404 && nowhere.status == 404, "\(method) \(path)")
                #expect(across.error?.error.code == nowhere.error?.error.code)
            }
            let listed = try await pair.owner(pair.bob, "GET", "/v1/owner/webhooks").decode(WireWebhooks.self)
            #expect(listed.webhooks.map(\.id) == [bobs.id])
        }
    }
}
