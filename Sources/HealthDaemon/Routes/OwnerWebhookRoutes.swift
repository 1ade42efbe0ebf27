import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// The owner's webhooks (`/v1/owner/webhooks`): subscribe a URL to the changes of some types, list and end
/// subscriptions, read a subscription's delivery log. docs/WEBHOOKS.md.
struct OwnerWebhookRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<OwnerContext>) {
        router.on(WireRoutes.ownerWebhooks) { request, context in
            let user = try context.caller
            let subscriptions = try await offload { try await user.engine.webhookSubscriptions() }
            return JSONResponses.response(WireWebhooks(webhooks: subscriptions.map { WireWebhook($0, secret: nil) }))
        }

        router.on(WireRoutes.addOwnerWebhook) { [self] request, context in
            let user = try context.caller
            let body = try await bodies.decode(WireWebhookRequest.self, from: request)
            let subscription = try await offload { try user.addWebhook(body) }
            await user.auditor.record(
                AuditEntry.owner, "webhook.add", types: subscription.types, count: 0, errorCode: nil,
                subject: subscription.id)
            return JSONResponses.response(WireWebhook(subscription, secret: subscription.secret), status: .created)
        }

        router.on(WireRoutes.removeOwnerWebhook) { request, context in
            let user = try context.caller
            let id = context.parameters.get("id") ?? ""
            guard let removed = try await offload({ try user.removeWebhook(id: id) }) else { throw Self.unknown(id) }
            await user.auditor.record(
                AuditEntry.owner, "webhook.remove", types: [], count: 0, errorCode: nil, subject: id)
            return JSONResponses.response(WireWebhook(removed, secret: nil))
        }

        router.on(WireRoutes.ownerWebhookDeliveries) { request, context in
            let user = try context.caller
            let id = context.parameters.get("id") ?? ""
            let attempts = try await offload { () throws -> [WebhookAttempt]? in
                guard try await user.engine.webhookSubscription(id: id) != nil else { return nil }
                return try await user.engine.webhookAttempts(subscription: id)
            }
            guard let attempts else { throw Self.unknown(id) }
            return JSONResponses.response(WireWebhookDeliveries(deliveries: attempts.map(WireWebhookAttempt.init)))
        }
    }

    private static func unknown(_ id: String) -> APIError {
        APIError(.notFound, HKError.invalidArgument("No webhook has the id \(id.prefix(80))"))
    }
}

extension WireWebhook {
    init(_ subscription: WebhookSubscription, secret: String?) {
        self.init(
            id: subscription.id, url: subscription.url.absoluteString, types: subscription.types,
            allowExternal: subscription.allowsExternal, created: WireDate(subscription.created), secret: secret)
    }
}

extension WireWebhookAttempt {
    init(_ attempt: WebhookAttempt) {
        self.init(
            messageID: attempt.messageID, time: WireDate(attempt.time), status: attempt.status, error: attempt.error,
            changes: attempt.changes)
    }
}
