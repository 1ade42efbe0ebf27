import Foundation
import Testing
import OpenHealthKitEngine

/// The webhooks' records in a store's settings, on both storages: a delivery moves the cursor and drops its message in
/// one write, and nothing a delivery writes brings back a subscription removed meanwhile.
@Suite struct WebhookRecordsTests {
    func engineWithSubscription(_ storage: TestStorage) async throws -> (HealthEngine, WebhookSubscription) {
        let engine = try await storage.makeWithEngine().engine
        let subscription = try engine.addWebhookSubscription(
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
        try engine.savePendingWebhookMessage(pending, subscription: subscription.id)
        try engine.recordWebhookAttempt(attempt(pending, delivered: false), of: pending, subscription: subscription.id)
        // (Its date is kept to a microsecond or so: the message is compared by what it carries.)
        let kept = try engine.pendingWebhookMessage(subscription: subscription.id)
        #expect(kept?.id == pending.id && kept?.body == pending.body && kept?.throughAnchor == pending.throughAnchor)
        #expect(try engine.webhookSubscription(id: subscription.id)?.cursor == subscription.cursor)
        try engine.recordWebhookAttempt(attempt(pending, delivered: true), of: pending, subscription: subscription.id)
        #expect(try engine.pendingWebhookMessage(subscription: subscription.id) == nil)
        #expect(try engine.webhookSubscription(id: subscription.id)?.cursor == subscription.cursor + 5)
        #expect(try engine.webhookAttempts(subscription: subscription.id).map(\.delivered) == [false, true])
    }

    @Test(arguments: TestStorage.allCases)
    func aDeliveryEndingAfterItsSubscriptionWasRemovedDoesNotBringItBack(_ storage: TestStorage) async throws {
        let (engine, subscription) = try await engineWithSubscription(storage)
        let pending = message(through: subscription.cursor + 1)
        try engine.savePendingWebhookMessage(pending, subscription: subscription.id)
        #expect(try engine.removeWebhookSubscription(id: subscription.id) != nil)
        try engine.recordWebhookAttempt(attempt(pending, delivered: true), of: pending, subscription: subscription.id)
        #expect(try engine.webhookSubscriptions().isEmpty)
        #expect(try engine.webhookSubscription(id: subscription.id) == nil)
    }

    @Test func aStoreKeepsAtMostTwentySubscriptions() async throws {
        let (engine, _) = try await engineWithSubscription(.sqlite)
        for _ in 1..<HealthEngine.maximumWebhookSubscriptions {
            _ = try engine.addWebhookSubscription(
                url: URL(string: "http://127.0.0.1:9/hook")!, types: ["HKQuantityTypeIdentifierStepCount"],
                allowsExternal: false, secret: "whsec_AAAA")
        }
        #expect(throws: (any Error).self) {
            try engine.addWebhookSubscription(
                url: URL(string: "http://127.0.0.1:9/hook")!, types: ["HKQuantityTypeIdentifierStepCount"],
                allowsExternal: false, secret: "whsec_AAAA")
        }
    }
}
