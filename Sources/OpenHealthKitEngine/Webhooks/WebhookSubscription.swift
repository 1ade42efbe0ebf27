package import Foundation

/// A URL the owner subscribed to changes of some types (`/v1/owner/webhooks`, `hk webhooks add`): healthd posts each
/// committed change of those types there, signed with ``secret`` as Standard Webhooks describes.
package struct WebhookSubscription: Sendable, Equatable, Codable {
    /// `wh_` and random characters.
    package var id: String
    package var url: URL
    /// The sample types whose changes it gets, by identifier.
    package var types: [String]
    /// `whsec_` and the base64 of 32 random bytes: the key of the messages' signatures. Kept as is (the signature
    /// needs it); shown to the owner when the subscription is made.
    package var secret: String
    /// Whether the owner allowed a destination outside this machine.
    package var allowsExternal: Bool
    package var created: Date
    /// The anchor of the last change delivered: the next message holds the changes after it.
    package var cursor: Int64

    package init(
        id: String, url: URL, types: [String], secret: String, allowsExternal: Bool, created: Date, cursor: Int64
    ) {
        self.id = id
        self.url = url
        self.types = types
        self.secret = secret
        self.allowsExternal = allowsExternal
        self.created = created
        self.cursor = cursor
    }
}

/// The message a subscription is delivering: kept in the store before its first attempt, so that every retry, by this
/// healthd after a restart or by another on the database, sends the same id and body (the outbox).
package struct PendingWebhookMessage: Sendable, Equatable, Codable {
    /// `msg_` and the subscription's id and the last anchor it carries: the receiver's key to drop a repeat.
    package var id: String
    /// The anchor of its last change: the subscription's cursor once it is delivered.
    package var throughAnchor: Int64
    /// When it was made, seconds since 1970 (its `webhook-timestamp` is the attempt's).
    package var created: Date
    package var body: Data
    /// How many changes (samples added, objects deleted) the body carries, for the delivery log.
    package var changes: Int

    package init(id: String, throughAnchor: Int64, created: Date, body: Data, changes: Int) {
        self.id = id
        self.throughAnchor = throughAnchor
        self.created = created
        self.body = body
        self.changes = changes
    }
}

/// One attempt to deliver a message, as the delivery log keeps it.
package struct WebhookAttempt: Sendable, Equatable, Codable {
    package var messageID: String
    package var time: Date
    /// The receiver's HTTP status; nil when none answered.
    package var status: Int?
    /// Why it failed (no answer, a status outside 2xx); nil when it was delivered.
    package var error: String?
    /// How many changes the message carries.
    package var changes: Int

    package init(messageID: String, time: Date, status: Int?, error: String?, changes: Int) {
        self.messageID = messageID
        self.time = time
        self.status = status
        self.error = error
        self.changes = changes
    }

    package var delivered: Bool { error == nil }
}
