package import Foundation
import OpenHealthKitModel

/// The owner's webhook subscriptions, their outbox and their delivery logs, kept in the storage's settings: a
/// subscription under `webhooks/<id>` (written once, when it is made), its cursor under `webhooks/<id>/cursor`, the
/// message it is delivering under `webhooks/<id>/pending`, its log under `webhooks/<id>/log`. Both storages keep them
/// alike; a delivered message, the cursor it moves and the log change in one transaction, and nothing a delivery
/// writes can bring back a subscription removed meanwhile.
extension HealthEngine {
    private static let webhookPrefix = "webhooks/"
    /// How many attempts each delivery log keeps, newest last.
    package static let webhookLogLength = 50
    /// The most subscriptions one store keeps.
    package static let maximumWebhookSubscriptions = 20

    private static func subscriptionKey(_ id: String) -> String { webhookPrefix + id }
    private static func cursorKey(_ id: String) -> String { webhookPrefix + id + "/cursor" }
    private static func pendingKey(_ id: String) -> String { webhookPrefix + id + "/pending" }
    private static func logKey(_ id: String) -> String { webhookPrefix + id + "/log" }

    /// Every subscription, oldest first, each with its cursor.
    package func webhookSubscriptions() async throws -> [WebhookSubscription] {
        let stored = try await storageCall { try await storage.settings(withPrefix: Self.webhookPrefix) }
        return stored.compactMap { key, value -> WebhookSubscription? in
            guard !key.dropFirst(Self.webhookPrefix.count).contains("/") else { return nil }
            return Self.subscription(value, cursor: stored[key + "/cursor"])
        }.sorted { ($0.created, $0.id) < ($1.created, $1.id) }
    }

    package func webhookSubscription(id: String) async throws -> WebhookSubscription? {
        let values = try await storageCall {
            try await storage.settings(withPrefix: Self.subscriptionKey(id)).filter {
                $0.key == Self.subscriptionKey(id) || $0.key == Self.cursorKey(id)
            }
        }
        return values[Self.subscriptionKey(id)].flatMap { Self.subscription($0, cursor: values[Self.cursorKey(id)]) }
    }

    /// Subscribes `url` to the changes of `types` from now on, signed with `secret`; refuses a store's 21st
    /// subscription (`errorInvalidArgument`).
    package func addWebhookSubscription(url: URL, types: [String], allowsExternal: Bool, secret: String) async throws
        -> WebhookSubscription
    {
        guard try await webhookSubscriptions().count < Self.maximumWebhookSubscriptions else {
            throw HKError.invalidArgument("A store keeps at most \(Self.maximumWebhookSubscriptions) webhooks")
        }
        let subscription = await WebhookSubscription(
            id: "wh_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""), url: url,
            types: types, secret: secret, allowsExternal: allowsExternal, created: Date(),
            cursor: try currentAnchor())
        try await storageCall {
            try await storage.setSettings([Self.subscriptionKey(subscription.id): SettingsJSON.encode(subscription)])
        }
        return subscription
    }

    /// Removes a subscription with its cursor, outbox and log; returns it, nil when there was none.
    package func removeWebhookSubscription(id: String) async throws -> WebhookSubscription? {
        guard let subscription = try await webhookSubscription(id: id) else { return nil }
        try await storageCall {
            try await storage.setSettings([
                Self.subscriptionKey(id): nil, Self.cursorKey(id): nil, Self.pendingKey(id): nil, Self.logKey(id): nil,
            ])
        }
        return subscription
    }

    /// The message the subscription is delivering, if any.
    package func pendingWebhookMessage(subscription id: String) async throws -> PendingWebhookMessage? {
        try await storageCall { try await storage.setting(Self.pendingKey(id)) }.flatMap {
            SettingsJSON.decode(PendingWebhookMessage.self, $0)
        }
    }

    /// Keeps the message about to be delivered, before its first attempt.
    package func savePendingWebhookMessage(_ message: PendingWebhookMessage, subscription id: String) async throws {
        try await storageCall { try await storage.setSettings([Self.pendingKey(id): SettingsJSON.encode(message)]) }
    }

    /// Records an attempt; a delivered one also moves the cursor past the message and drops it, in one transaction.
    package func recordWebhookAttempt(
        _ attempt: WebhookAttempt, of message: PendingWebhookMessage, subscription id: String
    ) async throws {
        var log = try await webhookAttempts(subscription: id)
        log.append(attempt)
        var values: [String: String?] = [Self.logKey(id): SettingsJSON.encode(Array(log.suffix(Self.webhookLogLength)))]
        if attempt.delivered {
            values[Self.cursorKey(id)] = String(message.throughAnchor)
            values[Self.pendingKey(id)] = .some(nil)
        }
        try await storageCall { try await storage.setSettings(values) }
    }

    /// The subscription's last attempts, oldest first.
    package func webhookAttempts(subscription id: String) async throws -> [WebhookAttempt] {
        try await storageCall { try await storage.setting(Self.logKey(id)) }.flatMap {
            SettingsJSON.decode([WebhookAttempt].self, $0)
        } ?? []
    }

    /// A subscription's record with its cursor (the record's own, the anchor when it was made, before the first
    /// delivery); nil for one this version cannot read.
    private static func subscription(_ text: String, cursor: String?) -> WebhookSubscription? {
        guard var subscription = SettingsJSON.decode(WebhookSubscription.self, text) else { return nil }
        if let cursor = cursor.flatMap({ Int64($0) }) { subscription.cursor = max(subscription.cursor, cursor) }
        return subscription
    }
}
