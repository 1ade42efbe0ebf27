package import Foundation
package import OpenHealthKitEngine

/// A webhook as Health lists it: where it posts, the types it follows, when it was made and its delivery log, never
/// its secret (shown once, in ``NewWebhook``, when it is added). The owner subscribes a URL to the changes of some
/// types (`/v1/owner/webhooks`, `hk webhooks`, Health); healthd posts each committed change there, signed.
package struct WebhookSummary: Sendable, Equatable {
    /// `wh_` and random characters.
    package let id: String
    package let url: String
    /// The sample types it follows, by identifier.
    package let types: [String]
    /// Whether the owner allowed a destination outside this machine.
    package let allowsExternal: Bool
    package let created: Date
    /// Its last delivery attempts, oldest first.
    package let deliveries: [WebhookAttempt]

    package init(
        id: String, url: String, types: [String], allowsExternal: Bool, created: Date, deliveries: [WebhookAttempt]
    ) {
        self.id = id
        self.url = url
        self.types = types
        self.allowsExternal = allowsExternal
        self.created = created
        self.deliveries = deliveries
    }
}

/// A webhook just added, with its secret: the only time Health has it to show.
package struct NewWebhook: Sendable {
    package let webhook: WebhookSummary
    /// `whsec_…`: the key its receiver checks the signatures with.
    package let secret: String

    package init(webhook: WebhookSummary, secret: String) {
        self.webhook = webhook
        self.secret = secret
    }
}
