import Crypto
import Foundation
import HTTPTypes
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting
import OpenHealthKitWire

/// Webhooks through a real healthd, on SQLite and on PostgreSQL, to a real receiver on loopback: each committed
/// change of a subscribed type arrives signed as Standard Webhooks describes, deletions included; a message the
/// receiver refuses is sent again, with the same id, through a restart of healthd; the log shows each attempt.
@Suite struct WebhookTests {
    static let remote: [StoreBackend] = [.remote, .remotePostgreSQL]

    static func steps(_ count: Double, at seconds: Double) -> WireSample {
        var sample = WireSample(
            type: "HKQuantityTypeIdentifierStepCount", startDate: Date(timeIntervalSince1970: seconds),
            endDate: Date(timeIntervalSince1970: seconds + 60))
        sample.quantity = WireQuantity(value: count, unit: "count")
        return sample
    }

    static func subscribe(_ daemon: DaemonHarness, _ url: URL, types: [String] = ["stepCount"]) async throws
        -> WireWebhook
    {
        let answer = try await daemon.owner(
            "POST", "/v1/owner/webhooks", json: WireWebhookRequest(url: url.absoluteString, types: types))
        #expect(answer.status == 201, "\(answer.text)")
        return try answer.decode(WireWebhook.self)
    }

    /// Checks a post's signature as a receiver would, independently of healthd's code: HMAC-SHA256 of
    /// `id.timestamp.body` with the secret's key, base64, after `v1,`.
    static func verify(_ post: CallbackReceiver.Post, secret: String) -> Bool {
        guard let id = post.headers[HTTPField.Name("webhook-id")!],
            let timestamp = post.headers[HTTPField.Name("webhook-timestamp")!],
            let signature = post.headers[HTTPField.Name("webhook-signature")!],
            let key = Data(base64Encoded: String(secret.dropFirst("whsec_".count)))
        else { return false }
        var content = Data("\(id).\(timestamp).".utf8)
        content.append(post.body)
        let expected = Data(HMAC<SHA256>.authenticationCode(for: content, using: SymmetricKey(data: key)))
        return signature.split(separator: " ").contains { $0 == "v1," + expected.base64EncodedString() }
    }

    static func message(_ post: CallbackReceiver.Post) throws -> WireWebhookMessage {
        try JSONDecoder().decode(WireWebhookMessage.self, from: post.body)
    }

    @Test(arguments: remote)
    func aSavedAndADeletedSampleArriveSignedInOrder(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let daemon = try #require(world.daemon)
            let receiver = try await CallbackReceiver.start()
            defer { Task { try? await receiver.stop() } }
            let webhook = try await Self.subscribe(daemon, receiver.url)
            let secret = try #require(webhook.secret)
            #expect(secret.hasPrefix("whsec_"))
            let writer = try await AppClient.authorized(daemon, Apps.app("com.example.writer"), types: ["stepCount"])
            let saved = Self.steps(120, at: 1_772_700_000)
            #expect(try await writer.save([saved]).status == 200)

            let first = try #require(try await receiver.waitForPosts(1).first)
            #expect(Self.verify(first, secret: secret))
            let added = try Self.message(first)
            #expect(added.type == "health.samples.changed")
            #expect(added.data.subscription == webhook.id)
            #expect(added.data.changes.samples.map(\.uuid) == [saved.uuid])

            let deleted = try await writer.call(
                "POST", "/v1/samples/delete", json: WireDeleteRequest(uuids: [saved.uuid]))
            #expect(deleted.status == 200, "\(deleted.text)")
            let second = try await receiver.waitForPosts(2)[1]
            #expect(Self.verify(second, secret: secret))
            #expect(try Self.message(second).data.changes.deletedObjects.map(\.uuid) == [saved.uuid])
            #expect(
                first.headers[HTTPField.Name("webhook-id")!] != second.headers[HTTPField.Name("webhook-id")!])

            // healthd logs an attempt once the receiver's answer reached it: after the receiver saw the post.
            var log: [WireWebhookAttempt] = []
            try await waitUntil("both deliveries to be logged") {
                log = try await daemon.owner("GET", "/v1/owner/webhooks/\(webhook.id)/deliveries")
                    .decode(WireWebhookDeliveries.self).deliveries
                return log.count == 2
            }
            #expect(log.allSatisfy { $0.error == nil && $0.changes == 1 })
        }
    }

    @Test(arguments: remote)
    func aRefusedMessageIsSentAgainWithTheSameIDAfterARestart(_ backend: StoreBackend) async throws {
        guard backend.usesPostgreSQL else { return try await refusedThenRestarted(database: nil) }
        try await PostgreSQLAdmission.shared.admitted {
            try await refusedThenRestarted(database: try await TestDatabase.make(migrated: true))
        }
    }

    /// A message refused by the receiver, healthd stopped, the receiver fixed, healthd started again on the same
    /// store: the message arrives with its id.
    private func refusedThenRestarted(database: TestDatabase?) async throws {
        let receiver = try await CallbackReceiver.start()
        defer { Task { try? await receiver.stop() } }
        receiver.answer(with: .serviceUnavailable)
        let daemon = try await DaemonHarness.launch(database: database)
        let webhook = try await Self.subscribe(daemon, receiver.url)
        let writer = try await AppClient.authorized(daemon, Apps.app("com.example.writer"), types: ["stepCount"])
        #expect(try await writer.save([Self.steps(50, at: 1_772_700_000)]).status == 200)
        let refused = try #require(try await receiver.waitForPosts(1).first)
        let id = try #require(refused.headers[HTTPField.Name("webhook-id")!])
        try await daemon.shutDown()

        // Retries may have come before the stop: the one awaited is the first after the restart.
        let beforeRestart = receiver.allPosts.count
        receiver.answer(with: .noContent)
        let again = try await DaemonHarness.launch(database: database, directory: daemon.directory)
        let delivered = try await receiver.waitForPosts(beforeRestart + 1)[beforeRestart]
        #expect(delivered.headers[HTTPField.Name("webhook-id")!] == id)
        #expect(try Self.message(delivered).data.changes.samples.count == 1)
        #expect(Self.verify(delivered, secret: webhook.secret ?? ""))
        try await waitUntil("the delivery to be logged") {
            let log = try await again.owner("GET", "/v1/owner/webhooks/\(webhook.id)/deliveries")
                .decode(WireWebhookDeliveries.self)
            return log.deliveries.last.map { $0.messageID == id && $0.error == nil } ?? false
        }
        try await again.stop()
    }

    @Test func aDestinationOutsideThisMachineNeedsTheOwnersLeaveAndHTTPS() async throws {
        try await withDaemon { daemon in
            for (url, allow) in [
                ("https://example.com/hook", false), ("http://example.com/hook", true), ("ftp://127.0.0.1/x", false),
            ] {
                let answer = try await daemon.owner(
                    "POST", "/v1/owner/webhooks",
                    json: WireWebhookRequest(url: url, types: ["stepCount"], allowExternal: allow))
                #expect(answer.status == 400, "\(url)")
            }
            let allowed = try await daemon.owner(
                "POST", "/v1/owner/webhooks",
                json: WireWebhookRequest(url: "https://example.com/hook", types: ["stepCount"], allowExternal: true))
            #expect(allowed.status == 201)
            let listed = try await daemon.owner("GET", "/v1/owner/webhooks").decode(WireWebhooks.self)
            #expect(listed.webhooks.count == 1 && listed.webhooks[0].secret == nil)
            let removed = try await daemon.owner("DELETE", "/v1/owner/webhooks/\(listed.webhooks[0].id)")
            #expect(removed.status == 200)
            #expect(try await daemon.owner("DELETE", "/v1/owner/webhooks/\(listed.webhooks[0].id)").status == 404)
        }
    }

    @Test func aRedirectIsNotFollowedButLoggedAsAFailedAttempt() async throws {
        try await withDaemon { daemon in
            let elsewhere = try await CallbackReceiver.start()
            let receiver = try await CallbackReceiver.start()
            defer {
                Task {
                    try? await receiver.stop()
                    try? await elsewhere.stop()
                }
            }
            receiver.answer(with: .temporaryRedirect, location: elsewhere.url)
            let webhook = try await Self.subscribe(daemon, receiver.url)
            let writer = try await AppClient.authorized(daemon, Apps.app("com.example.writer"), types: ["stepCount"])
            #expect(try await writer.save([Self.steps(10, at: 1_772_700_000)]).status == 200)
            _ = try await receiver.waitForPosts(1)
            var log: [WireWebhookAttempt] = []
            try await waitUntil("the redirect to be logged") {
                log = try await daemon.owner("GET", "/v1/owner/webhooks/\(webhook.id)/deliveries")
                    .decode(WireWebhookDeliveries.self).deliveries
                return !log.isEmpty
            }
            #expect(log.first?.status == 307 && log.first?.error != nil)
            #expect(elsewhere.allPosts.isEmpty)
        }
    }

    @Test func aWebhookSeesOnlyItsTypesAndAnAppCannotReachWebhooks() async throws {
        try await withDaemon { daemon in
            let receiver = try await CallbackReceiver.start()
            defer { Task { try? await receiver.stop() } }
            _ = try await Self.subscribe(daemon, receiver.url, types: ["heartRate"])
            let writer = try await AppClient.authorized(
                daemon, Apps.app("com.example.writer"), types: ["stepCount", "heartRate"])
            #expect(try await writer.save([Self.steps(10, at: 1_772_700_000)]).status == 200)
            #expect(try await writer.save([AppClient.beat(61)]).status == 200)
            let post = try #require(try await receiver.waitForPosts(1).first)
            #expect(try Self.message(post).data.changes.samples.map(\.type) == ["HKQuantityTypeIdentifierHeartRate"])
            #expect(try await writer.call("GET", "/v1/owner/webhooks").status == 401)
        }
    }
}
