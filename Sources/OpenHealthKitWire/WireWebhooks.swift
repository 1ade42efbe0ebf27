import Foundation

/// `POST /v1/owner/webhooks`: subscribe a URL to the changes of some types.
public struct WireWebhookRequest: Codable, Sendable {
    /// Where healthd posts: `http` or `https` on this machine, or `https` elsewhere with ``allowExternal``.
    public var url: String
    /// The sample types, by identifier or short name (`stepCount`).
    public var types: [String]
    /// The owner's leave to post outside this machine.
    public var allowExternal: Bool?

    /// A request.
    public init(url: String, types: [String], allowExternal: Bool? = nil) {
        self.url = url
        self.types = types
        self.allowExternal = allowExternal
    }
}

/// A subscription, as `GET /v1/owner/webhooks` lists it and `POST` answers it (with its secret, that once).
public struct WireWebhook: Codable, Sendable, Equatable {
    /// `wh_...`.
    public var id: String
    /// Where healthd posts.
    public var url: String
    /// Type identifiers.
    public var types: [String]
    /// Whether the owner allowed a destination outside this machine.
    public var allowExternal: Bool
    /// When it was made.
    public var created: WireDate
    /// `whsec_...`: the key of the messages' `webhook-signature`; only in the answer that made the subscription.
    public var secret: String?

    /// A subscription.
    public init(id: String, url: String, types: [String], allowExternal: Bool, created: WireDate, secret: String?) {
        self.id = id
        self.url = url
        self.types = types
        self.allowExternal = allowExternal
        self.created = created
        self.secret = secret
    }
}

/// `GET /v1/owner/webhooks`.
public struct WireWebhooks: Codable, Sendable {
    /// The subscriptions, oldest first.
    public var webhooks: [WireWebhook]
    /// Wraps the subscriptions.
    public init(webhooks: [WireWebhook]) { self.webhooks = webhooks }
}

/// One attempt to deliver a message (`GET /v1/owner/webhooks/{id}/deliveries`).
public struct WireWebhookAttempt: Codable, Sendable, Equatable {
    /// The message's `webhook-id`.
    public var messageID: String
    /// When it was made.
    public var time: WireDate
    /// The receiver's HTTP status; nil when none answered.
    public var status: Int?
    /// Why it failed; nil when delivered.
    public var error: String?
    /// The changes the message carries.
    public var changes: Int

    /// An attempt.
    public init(messageID: String, time: WireDate, status: Int?, error: String?, changes: Int) {
        self.messageID = messageID
        self.time = time
        self.status = status
        self.error = error
        self.changes = changes
    }
}

/// `GET /v1/owner/webhooks/{id}/deliveries`: the last attempts, oldest first.
public struct WireWebhookDeliveries: Codable, Sendable {
    /// The attempts.
    public var deliveries: [WireWebhookAttempt]
    /// Wraps the attempts.
    public init(deliveries: [WireWebhookAttempt]) { self.deliveries = deliveries }
}

/// The body healthd posts to a subscription (Standard Webhooks' `type`, `timestamp`, `data`).
public struct WireWebhookMessage: Codable, Sendable {
    /// ``changesType``.
    public var type: String
    /// When the message was made.
    public var timestamp: WireDate
    /// The subscription and its changes.
    public var data: WireWebhookChanges

    /// The type of every message: changes of the subscribed types.
    public static let changesType = "health.samples.changed"

    /// A message.
    public init(type: String, timestamp: WireDate, data: WireWebhookChanges) {
        self.type = type
        self.timestamp = timestamp
        self.data = data
    }
}

/// A message's data: the subscription, and the changes after its last message, as an anchored query reads them.
public struct WireWebhookChanges: Codable, Sendable {
    /// The subscription's id.
    public var subscription: String
    /// The samples added and the objects deleted, and the anchor of the last change.
    public var changes: WireAnchoredResponse

    /// The data of a message.
    public init(subscription: String, changes: WireAnchoredResponse) {
        self.subscription = subscription
        self.changes = changes
    }
}
