import Foundation
import HTTPTypes
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Webhooks, from Sources: each URL the owner subscribed to changes of some types (`hk webhooks`,
/// `/v1/owner/webhooks`), with its types by Health's names, when it was made, how its last delivery went and its
/// delivery log, a Remove button; and the form that adds one (WebhookActions.swift), whose answer shows the new
/// webhook's secret, that once. No other page shows a secret.
struct WebhooksPage: Sendable {
    struct Webhook: Sendable {
        let id: String
        let url: String
        /// Its types by Health's names, in alphabetical order.
        let types: String
        let created: String
        let allowsExternal: Bool
        /// "Delivered 5 Mar 2026, 09:30", "Failed 5 Mar 2026, 09:30: …" or "No delivery yet".
        let lastOutcome: String
        let lastFailed: Bool
        let hasDeliveries: Bool
        /// Its delivery log, newest first.
        let deliveries: [Delivery]
        /// Where its Remove button posts.
        let removePath: String
    }

    /// One attempt of the delivery log.
    struct Delivery: Sendable {
        let time: String
        let messageID: String
        /// "HTTP 204", or "No answer".
        let status: String
        let changes: String
        /// Why it failed; nil when it was delivered. (Not `error`: a nil key is looked up in the page's context.)
        let failure: String?
    }

    /// A checkbox of the add form's types.
    struct TypeChoice: Sendable {
        /// The type's short name (`stepCount`).
        let value: String
        let label: String
        let elementID: String
        let checked: Bool
    }

    /// The webhook the form just added, with its secret.
    struct Added: Sendable {
        let id: String
        let url: String
        let secret: String
    }

    let chrome: Chrome
    let webhooks: [Webhook]
    let typeChoices: [TypeChoice]
    /// The add form's URL and allowance as last sent (empty on a fresh page).
    let formURL: String
    let formAllowsExternal: Bool
    /// Why the form was refused.
    let formError: String?
    let added: Added?
}

extension HealthWebApp {
    func addWebhookRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.webhooks) { [self] web in
            try await webhooksPage(web)
        }
        addWebhookActions(to: router)
    }

    /// The page, with the add form as last sent and why it was refused (`form`), or the webhook just added.
    func webhooksPage(
        _ web: WebRequest, form: (fields: FormData, error: String)? = nil, added: NewWebhook? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let host = web.host
        let webhooks = try await blocking { try host.webhooks() }
        let dates = try await pageDates(host)
        let chosen = Set(form?.fields.all("type") ?? [])
        return await renderer.html(
            "webhooks",
            WebhooksPage(
                chrome: chrome(web, title: "Webhooks", section: .sources),
                webhooks: webhooks.map { Self.webhook($0, dates: dates) },
                typeChoices: PageTypeNames.browsableTypes.map {
                    WebhooksPage.TypeChoice(
                        value: $0.shortName, label: PageTypeNames.displayName($0.identifier),
                        elementID: "webhook-type-" + $0.shortName, checked: chosen.contains($0.shortName))
                },
                formURL: form?.fields["url"] ?? "", formAllowsExternal: form?.fields["allowExternal"] != nil,
                formError: form?.error,
                added: added.map { WebhooksPage.Added(id: $0.webhook.id, url: $0.webhook.url, secret: $0.secret) }),
            status: status)
    }

    /// A webhook as the page lists it, its dates in the owner's time zone, its log newest first.
    static func webhook(_ webhook: WebhookSummary, dates: PageDateText) -> WebhooksPage.Webhook {
        let last = webhook.deliveries.last
        return WebhooksPage.Webhook(
            id: webhook.id, url: webhook.url,
            types: webhook.types.map(PageTypeNames.displayName).sorted().joined(separator: ", "),
            created: dates.dateTime(webhook.created), allowsExternal: webhook.allowsExternal,
            lastOutcome: last.map { attempt in
                let time = dates.dateTime(attempt.time)
                return attempt.error.map { "Failed \(time): \($0)" } ?? "Delivered \(time)"
            } ?? "No delivery yet",
            lastFailed: last?.delivered == false,
            hasDeliveries: last != nil,
            deliveries: webhook.deliveries.reversed().map {
                WebhooksPage.Delivery(
                    time: dates.preciseDateTime($0.time), messageID: $0.messageID,
                    status: $0.status.map { "HTTP \($0)" } ?? "No answer",
                    changes: $0.changes == 1 ? "1 change" : "\($0.changes) changes", failure: $0.error)
            },
            removePath: WebRoutes.webhookRemove.path(webhook.id))
    }
}
