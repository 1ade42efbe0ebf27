import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

/// The owner's webhook subscriptions as both their routes (`/v1/owner/webhooks`) and Health's page change them:
/// checked by one set of rules (``WireWebhookRequest/validated()``), and the user's dispatcher told of each change.
/// Blocking: off Swift concurrency's threads.
extension UserState {
    /// Subscribes a URL; the subscription, with its secret, is returned once.
    func addWebhook(_ request: WireWebhookRequest) throws -> WebhookSubscription {
        let (url, types, allowsExternal) = try request.validated()
        let subscription = try engine.blocking {
            try await $0.addWebhookSubscription(
                url: url, types: types, allowsExternal: allowsExternal, secret: WebhookSignature.newSecret())
        }
        webhooks.subscriptionsChanged()
        return subscription
    }

    /// Ends a subscription; nil when none has this id.
    func removeWebhook(id: String) throws -> WebhookSubscription? {
        guard let removed = try engine.blocking({ try await $0.removeWebhookSubscription(id: id) }) else { return nil }
        webhooks.subscriptionsChanged()
        return removed
    }
}
