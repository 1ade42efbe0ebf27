import Foundation
import HealthWeb
import OpenHealthKitEngine
import OpenHealthKitWire

/// The user's webhooks as Health lists, adds and removes them: `/v1/owner/webhooks`' subscriptions on the daemon's own
/// engine, checked by the same rules (``WireWebhookRequest/validated()``), and the user's dispatcher told of each
/// change. Only an added webhook carries its secret.
extension DaemonWebHost {
    func webhooks() throws -> [WebhookSummary] {
        try user.engine.webhookSubscriptions().map {
            Self.summary($0, deliveries: try user.engine.webhookAttempts(subscription: $0.id))
        }
    }

    func addWebhook(url: String, types: [String], allowsExternal: Bool) throws -> NewWebhook {
        let (destination, identifiers, allowsExternal) = try WireWebhookRequest(
            url: url, types: types, allowExternal: allowsExternal
        ).validated()
        let subscription = try user.engine.addWebhookSubscription(
            url: destination, types: identifiers, allowsExternal: allowsExternal, secret: WebhookSignature.newSecret())
        user.webhooks.subscriptionsChanged()
        return NewWebhook(webhook: Self.summary(subscription, deliveries: []), secret: subscription.secret)
    }

    func removeWebhook(id: String) throws -> Bool {
        guard try user.engine.removeWebhookSubscription(id: id) != nil else { return false }
        user.webhooks.subscriptionsChanged()
        return true
    }

    private static func summary(_ subscription: WebhookSubscription, deliveries: [WebhookAttempt]) -> WebhookSummary {
        WebhookSummary(
            id: subscription.id, url: subscription.url.absoluteString, types: subscription.types,
            allowsExternal: subscription.allowsExternal, created: subscription.created, deliveries: deliveries)
    }
}
