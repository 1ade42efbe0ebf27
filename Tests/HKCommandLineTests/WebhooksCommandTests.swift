import Foundation
import OpenHealthKitTesting
import Testing

/// `hk webhooks add|list|deliveries|remove` against the built `healthd`, as the owner. The secret is printed once,
/// alone on the last line; bad input is healthd's message and exit status 2. Serialized: each test runs a healthd.
@Suite(.serialized) struct WebhooksCommandTests {
    @Test func addPrintsTheSecretOnceListShowsNoneAndRemoveEndsIt() async throws {
        try await RunningHealthd.with { daemon in
            let added = try await daemon.succeed([
                "webhooks", "add", "http://127.0.0.1:9/hook", "--type", "stepCount", "--type", "heartRate",
            ])
            let lines = added.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("added webhook wh_"))
            let secret = String(lines[1])
            #expect(secret.hasPrefix("whsec_"))
            let listed = try await daemon.records(["webhooks", "list"])
            #expect(listed.count == 1)
            #expect(
                listed.first?["types"] as? String
                    == "HKQuantityTypeIdentifierHeartRate HKQuantityTypeIdentifierStepCount")
            #expect(!(try await daemon.succeed(["webhooks", "list"])).contains(secret))
            let id = try #require(listed.first?["id"] as? String)
            #expect(try await daemon.records(["webhooks", "deliveries", id]).isEmpty)
            #expect(try await daemon.succeed(["webhooks", "remove", id]).isEmpty)
            #expect(try await daemon.records(["webhooks", "list"]).isEmpty)
        }
    }

    @Test func aRefusedURLOrAnUnknownIdIsBadInput() async throws {
        try await RunningHealthd.with { daemon in
            let outside = try await daemon.hk(["webhooks", "add", "https://example.com/hook", "--type", "stepCount"])
            #expect(outside.status == 2)
            #expect(outside.stderr.contains("needs the owner's leave"))
            let clear = try await daemon.hk([
                "webhooks", "add", "http://example.com/hook", "--type", "stepCount", "--allow-external",
            ])
            #expect(clear.status == 2)
            #expect(clear.stderr.contains("must use https"))
            let unknown = try await daemon.hk(["webhooks", "remove", "wh_nothing"])
            #expect(unknown.status == 2)
            #expect(try await daemon.records(["webhooks", "list"]).isEmpty)
        }
    }
}
