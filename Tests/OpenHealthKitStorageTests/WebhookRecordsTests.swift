import Foundation
import Testing
import OpenHealthKitEngine

/// The webhooks' records in a store's settings, on both storages: a delivery moves the cursor and drops its message in
/// one write, and nothing a delivery writes brings back a subscription removed meanwhile.
@Suite struct WebhookRecordsTests {
    func engineWithSubscription(_ storage: TestStorage) async throws -> (HealthEngine, WebhookSubscription) {
        let engine = try await storage.makeWithEngine().engine
        let subscription = try await engine.addWebhookSubscription(
            url: URL(string: "http://127.0.0.1:9/hook")!, types: ["HKQuantityTypeIdentifierStepCount"],
            allowsExternal: false, secret: "whsec_AAAA")
        return (engine, subscription)
    }

    func message(through anchor: Int64) -> PendingWebhookMessage {
        PendingWebhookMessage(
            id: "msg_\(anchor)", throughAnchor: anchor, created: Date(), body: Data("{}".utf8), changes: 1)
    }

    func attempt(_ message: PendingWebhookMessage, delivered: Bool) -> WebhookAttempt {
        WebhookAttempt(
            messageID: message.id, time: Date(), status: delivered ? 204 : 503,
            error: delivered ? nil : "the receiver answered 503", changes: 1)
    }

    @Test(arguments: TestStorage.allCases)
    func aDeliveryMovesTheCursorAndDropsTheMessageAFailureKeepsBoth(_ storage: TestStorage) async throws {
        let (engine, subscription) = try await engineWithSubscription(storage)
        let pending = message(through: subscription.cursor + 5)
        try await engine.savePendingWebhookMessage(pending, subscription: subscription.id)
        try await engine.recordWebhookAttempt(
            attempt(pending, delivered: false), of: pending, subscription: subscription.id)
        // (Its date is kept to a microsecond or so: the message is compared by what it carries.)
        let kept = try await engine.pendingWebhookMessage(subscription: subscription.id)
        #expect(kept?.id == pending.id && kept?.body == pending.body && kept?.throughAnchor == pending.throughAnchor)
        await #expect(try engine.webhookSubscription(id: subscription.id)?.cursor == subscription.cursor)
        try await engine.recordWebhookAttempt(
            attempt(pending, delivered: true), of: pending, subscription: subscription.id)
        await #expect(try engine.pendingWebhookMessage(subscription: subscription.id) == nil)
        await #expect(try engine.webhookSubscription(id: subscription.id)?.cursor == subscription.cursor + 5)
        await #expect(try engine.webhookAttempts(subscription: subscription.id).map(\.delivered) == [false, true])
    }

    @Test(arguments: TestStorage.allCases)
    func aDeliveryEndingAfterItsSubscriptionWasRemovedDoesNotBringItBack(_ storage: TestStorage) async throws {
        let (engine, subscription) = try await engineWithSubscription(storage)
        let pending = message(through: subscription.cursor + 1)
        try await engine.savePendingWebhookMessage(pending, subscription: subscription.id)
        await #expect(try engine.removeWebhookSubscription(id: subscription.id) != nil)
        try await engine.recordWebhookAttempt(
            attempt(pending, delivered: true), of: pending, subscription: subscription.id)
        await #expect(try engine.webhookSubscriptions().isEmpty)
        await #expect(try engine.webhookSubscription(id: subscription.id) == nil)
    }

    @Test func aStoreKeepsAtMostTwentySubscriptions() async throws {
        let (engine, _) = try await engineWithSubscription(.sqlite)
        for _ in 1..<HealthEngine.maximumWebhookSubscriptions {
            _ = try await engine.addWebhookSubscription(
                url: URL(string: "http://127.0.0.1:9/hook")!, types: ["HKQuantityTypeIdentifierStepCount"],
                allowsExternal: false, secret: "whsec_AAAA")
        }
        await #expect(throws: (any Error).self) {
            try await engine.addWebhookSubscription(
                url: URL(string: "http://127.0.0.1:9/hook")!, types: ["HKQuantityTypeIdentifierStepCount"],
                allowsExternal: false, secret: "whsec_AAAA")
        }
    }
}
