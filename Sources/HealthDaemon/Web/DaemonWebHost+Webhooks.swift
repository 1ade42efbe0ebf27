import Foundation
import HealthWeb
import OpenHealthKitEngine
import OpenHealthKitWire

/// The user's webhooks as Health lists, adds and removes them, as `/v1/owner/webhooks` does (``UserState/addWebhook(_:)``).
/// Only an added webhook carries its secret.
extension DaemonWebHost {
    func webhooks() throws -> [WebhookSummary] {
        try user.engine.blocking { try await $0.webhookSubscriptions() }.map { subscription in
            Self.summary(
                subscription,
                deliveries: try user.engine.blocking { try await $0.webhookAttempts(subscription: subscription.id) })
        }
    }

    func addWebhook(url: String, types: [String], allowsExternal: Bool) throws -> NewWebhook {
        let subscription = try user.addWebhook(
            WireWebhookRequest(url: url, types: types, allowExternal: allowsExternal))
        return NewWebhook(webhook: Self.summary(subscription, deliveries: []), secret: subscription.secret)
    }

    func removeWebhook(id: String) throws -> Bool {
        try user.removeWebhook(id: id) != nil
    }

    private static func summary(_ subscription: WebhookSubscription, deliveries: [WebhookAttempt]) -> WebhookSummary {
        WebhookSummary(
            id: subscription.id, url: subscription.url.absoluteString, types: subscription.types,
            allowsExternal: subscription.allowsExternal, created: subscription.created, deliveries: deliveries)
    }
}
