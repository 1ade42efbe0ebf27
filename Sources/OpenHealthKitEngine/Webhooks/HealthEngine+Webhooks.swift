package import Foundation
import OpenHealthKitModel

/// The owner's webhook subscriptions, their outbox and their delivery logs, kept in the storage's settings
/// (`webhooks/<id>`, `webhooks/<id>/pending`, `webhooks/<id>/log`): both storages keep them alike, a message and the
/// cursor it moves change in one transaction, and they survive a restart.
extension HealthEngine {
    private static let webhookPrefix = "webhooks/"
    /// How many attempts each delivery log keeps, newest last.
    package static let webhookLogLength = 50

    private static func subscriptionKey(_ id: String) -> String { webhookPrefix + id }
    private static func pendingKey(_ id: String) -> String { webhookPrefix + id + "/pending" }
    private static func logKey(_ id: String) -> String { webhookPrefix + id + "/log" }

    /// Every subscription, oldest first.
    package func webhookSubscriptions() throws -> [WebhookSubscription] {
        let stored = try storageCall { try storage.settings(withPrefix: Self.webhookPrefix) }
        return stored.filter { !$0.key.dropFirst(Self.webhookPrefix.count).contains("/") }.values
            .compactMap { Self.decode(WebhookSubscription.self, $0) }
            .sorted { ($0.created, $0.id) < ($1.created, $1.id) }
    }

    package func webhookSubscription(id: String) throws -> WebhookSubscription? {
        try storageCall { try storage.setting(Self.subscriptionKey(id)) }.flatMap {
            Self.decode(WebhookSubscription.self, $0)
        }
    }

    /// The most subscriptions one store keeps.
    package static let maximumWebhookSubscriptions = 20

    /// Subscribes `url` to the changes of `types` from now on, signed with `secret`; refuses a store's 21st
    /// subscription (`errorInvalidArgument`).
    package func addWebhookSubscription(url: URL, types: [String], allowsExternal: Bool, secret: String) throws
        -> WebhookSubscription
    {
        guard try webhookSubscriptions().count < Self.maximumWebhookSubscriptions else {
            throw HKError.invalidArgument("A store keeps at most \(Self.maximumWebhookSubscriptions) webhooks")
        }
        let subscription = WebhookSubscription(
            id: "wh_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""), url: url,
            types: types, secret: secret, allowsExternal: allowsExternal, created: Date(),
            cursor: try currentAnchor())
        try saveWebhookSubscription(subscription)
        return subscription
    }

    /// Stores a new subscription, or replaces the one of the same id.
    package func saveWebhookSubscription(_ subscription: WebhookSubscription) throws {
        try storageCall { try storage.setSettings([Self.subscriptionKey(subscription.id): Self.encode(subscription)]) }
    }

    /// Removes a subscription with its outbox and log; returns it, nil when there was none.
    package func removeWebhookSubscription(id: String) throws -> WebhookSubscription? {
        guard let subscription = try webhookSubscription(id: id) else { return nil }
        try storageCall {
            try storage.setSettings([
                Self.subscriptionKey(id): nil, Self.pendingKey(id): nil, Self.logKey(id): nil,
            ])
        }
        return subscription
    }

    /// The message the subscription is delivering, if any.
    package func pendingWebhookMessage(subscription id: String) throws -> PendingWebhookMessage? {
        try storageCall { try storage.setting(Self.pendingKey(id)) }.flatMap {
            Self.decode(PendingWebhookMessage.self, $0)
        }
    }

    /// Keeps the message about to be delivered (its first attempt, or the count of attempts after one).
    package func savePendingWebhookMessage(_ message: PendingWebhookMessage, subscription id: String) throws {
        try storageCall { try storage.setSettings([Self.pendingKey(id): Self.encode(message)]) }
    }

    /// Records an attempt; a delivered one also moves the cursor past the message and drops it, in one transaction.
    package func recordWebhookAttempt(
        _ attempt: WebhookAttempt, of message: PendingWebhookMessage, subscription id: String
    ) throws {
        var log = try webhookAttempts(subscription: id)
        log.append(attempt)
        var values: [String: String?] = [Self.logKey(id): Self.encode(Array(log.suffix(Self.webhookLogLength)))]
        if attempt.delivered, var subscription = try webhookSubscription(id: id) {
            subscription.cursor = max(subscription.cursor, message.throughAnchor)
            values[Self.subscriptionKey(id)] = Self.encode(subscription)
            values[Self.pendingKey(id)] = .some(nil)
        }
        try storageCall { try storage.setSettings(values) }
    }

    /// The subscription's last attempts, oldest first.
    package func webhookAttempts(subscription id: String) throws -> [WebhookAttempt] {
        try storageCall { try storage.setting(Self.logKey(id)) }.flatMap { Self.decode([WebhookAttempt].self, $0) }
            ?? []
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        // Strings, numbers, dates and data encode.
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }

    /// A record this version cannot read is none, rather than a trap.
    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(type, from: Data(text.utf8))
    }
}
