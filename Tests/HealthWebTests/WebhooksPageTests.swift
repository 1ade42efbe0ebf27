import Foundation
import OpenHealthKitEngine
import Testing

/// Sources' Webhooks page: the add form (CSRF token required), whose answer shows the new webhook's secret that once;
/// the list with each webhook's types by Health's names, its last delivery and its log, never a secret; refused URLs
/// shown on the page with nothing stored; Remove.
extension HealthdBacked {
    @Suite struct WebhooksPageTests {
        static let path = "/sources/webhooks"
        /// 5 Mar 2026, 07:00 UTC: 08:00 in Paris.
        static let morning = Date(timeIntervalSince1970: 1_772_694_000)

        /// The list item of the webhook `id` on the page, or nil.
        static func row(_ id: String, in page: WebClient.Page) -> String? {
            guard let start = page.text.range(of: "data-webhook=\"\(id)\"") else { return nil }
            let rest = page.text[start.upperBound...]
            return String(rest[..<(rest.range(of: "</li>")?.lowerBound ?? rest.endIndex)])
        }

        /// The add form's fields for `url` and `types`, with `token`.
        static func form(_ token: String, url: String, types: [String], allowExternal: Bool = false)
            -> [(String, String)]
        {
            [("csrf", token), ("url", url)] + types.map { ("type", $0) }
                + (allowExternal ? [("allowExternal", "on")] : [])
        }

        @Test func addingNeedsTheTokenShowsTheSecretOnceAndListsTheWebhookWithoutIt() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let empty = try await browser.get(Self.path)
                #expect(empty.status == 200 && empty.text.contains("id=\"no-webhooks\""))
                #expect(try await browser.get("/sources").text.contains("id=\"webhook-count\">No webhooks</span>"))
                let token = try #require(empty.field("csrf"))
                let form = Self.form(token, url: "http://127.0.0.1:9/hook", types: ["stepCount", "heartRate"])
                #expect(try await browser.post(Self.path, form: Array(form.dropFirst())).status == 403)
                #expect(try await browser.post(Self.path, form: [("csrf", "forged")] + form.dropFirst()).status == 403)
                await #expect(try daemon.engine.webhookSubscriptions().isEmpty)

                let added = try await browser.post(Self.path, form: form)
                #expect(added.status == 200)
                let webhook = try await #require(try daemon.engine.webhookSubscriptions().first)
                #expect(webhook.url.absoluteString == "http://127.0.0.1:9/hook")
                #expect(webhook.types == ["HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierStepCount"])
                #expect(!webhook.allowsExternal)
                #expect(added.text.contains("id=\"webhook-secret\">\(webhook.secret)</code>"))
                #expect(added.text.contains("This is the only time Health shows the secret"))

                let list = try await browser.get(Self.path)
                #expect(!list.text.contains(webhook.secret) && !list.text.contains("id=\"webhook-secret\""))
                let row = try #require(Self.row(webhook.id, in: list))
                #expect(row.contains("http://127.0.0.1:9/hook") && row.contains("Heart Rate, Steps"))
                #expect(row.contains("class=\"small last-delivery\">No delivery yet</span>"))
                #expect(!row.contains("Delivery log"))
                let sources = try await browser.get("/sources")
                #expect(sources.text.contains("id=\"webhook-count\">1 webhook</span>"))
                #expect(!sources.text.contains(webhook.secret))

                let entry = try #require(
                    try daemon.engine.storage.auditEntries(AuditQuery(app: AuditEntry.owner)).last)
                #expect(entry.operation == "webhook.add" && entry.subject == webhook.id)
                #expect(entry.types == webhook.types)
            }
        }

        @Test func aRefusedWebhookIsShownOnThePageWithTheFormAsSentAndNothingIsStored() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let token = try #require(try await browser.get(Self.path).field("csrf"))
                let refusals: [(form: [(String, String)], reason: String)] = [
                    (Self.form(token, url: "not a url", types: ["stepCount"]), "must be an http or https URL"),
                    (Self.form(token, url: "https://example.com/hook", types: ["stepCount"]), "outside this machine"),
                    (
                        Self.form(token, url: "http://example.com/hook", types: ["stepCount"], allowExternal: true),
                        "must use https"
                    ),
                    (Self.form(token, url: "http://127.0.0.1:9/hook", types: []), "sample types"),
                    (Self.form(token, url: "http://127.0.0.1:9/hook", types: ["dateOfBirth"]), "not a sample type"),
                ]
                for (form, reason) in refusals {
                    let page = try await browser.post(Self.path, form: form)
                    #expect(page.status == 400)
                    let error = try #require(page.text.range(of: "id=\"webhook-error\">")).upperBound
                    #expect(page.text[error...].prefix(while: { $0 != "<" }).contains(reason), "\(reason)")
                    #expect(!page.text.contains("id=\"webhook-secret\""))
                    #expect(page.text.contains("value=\"\(form[1].1)\" required"))
                }
                let kept = try await browser.post(Self.path, form: refusals[1].form)
                #expect(kept.text.contains("id=\"webhook-type-stepCount\" value=\"stepCount\" checked>"))
                #expect(!kept.text.contains("id=\"webhook-type-heartRate\" value=\"heartRate\" checked>"))
                await #expect(try daemon.engine.webhookSubscriptions().isEmpty)
            }
        }

        @Test func theLogShowsEachAttemptNewestFirstAfterTheLastOutcome() async throws {
            try await TestDaemon.with { daemon in
                let engine = daemon.engine
                try await engine.setOwnerTimeZone(TimeZone(identifier: "Europe/Paris"))
                let webhook = try await engine.addWebhookSubscription(
                    url: try #require(URL(string: "http://127.0.0.1:9/hook")),
                    types: ["HKQuantityTypeIdentifierStepCount"], allowsExternal: false, secret: "whsec_AAAA")
                let message = PendingWebhookMessage(
                    id: "msg_1", throughAnchor: 1, created: Self.morning, body: Data("{}".utf8), changes: 2)
                try await engine.recordWebhookAttempt(
                    WebhookAttempt(messageID: "msg_1", time: Self.morning, status: 503, error: "HTTP 503", changes: 2),
                    of: message, subscription: webhook.id)
                let browser = try await daemon.signedInClient()
                let failed = try #require(Self.row(webhook.id, in: try await browser.get(Self.path)))
                #expect(failed.contains("last-delivery failed\">Failed 5 Mar 2026, 08:00: HTTP 503</span>"))

                try await engine.recordWebhookAttempt(
                    WebhookAttempt(
                        messageID: "msg_1", time: Self.morning.addingTimeInterval(65), status: 204, error: nil,
                        changes: 2),
                    of: message, subscription: webhook.id)
                let row = try #require(Self.row(webhook.id, in: try await browser.get(Self.path)))
                #expect(row.contains("class=\"small last-delivery\">Delivered 5 Mar 2026, 08:01</span>"))
                #expect(row.contains("<summary>Delivery log</summary>"))
                let delivered = try #require(row.range(of: "<td>5 Mar 2026, 08:01:05</td>"))
                let refused = try #require(row.range(of: "<td>5 Mar 2026, 08:00:00</td>"))
                #expect(delivered.lowerBound < refused.lowerBound)
                #expect(row.contains("class=\"status\">HTTP 204</td><td>2 changes</td><td class=\"failure\"></td>"))
                #expect(
                    row.contains("class=\"status\">HTTP 503</td><td>2 changes</td><td class=\"failure\">HTTP 503</td>"))
                #expect(!row.contains("whsec_AAAA"))
            }
        }

        @Test func removingNeedsTheTokenEndsTheWebhookAndIsLogged() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let token = try #require(try await browser.get(Self.path).field("csrf"))
                for url in ["http://127.0.0.1:9/one", "http://localhost:9/two"] {
                    #expect(
                        try await browser.post(Self.path, form: Self.form(token, url: url, types: ["stepCount"])).status
                            == 200)
                }
                let ids = try await daemon.engine.webhookSubscriptions().map(\.id)
                try #require(ids.count == 2)
                let (kept, removed) = (ids[0], ids[1])
                let path = "/sources/webhooks/\(removed)/remove"
                #expect(try await browser.post(path, form: []).status == 403)
                #expect(try await browser.post(path, form: [("csrf", "forged")]).status == 403)
                await #expect(try daemon.engine.webhookSubscriptions().count == 2)

                let answer = try await browser.post(path, form: [("csrf", token)])
                #expect(answer.status == 303 && answer.location == Self.path)
                await #expect(try daemon.engine.webhookSubscriptions().map(\.id) == [kept])
                let after = try await browser.get(Self.path)
                #expect(after.text.contains("The webhook \(removed) is removed"))
                #expect(Self.row(removed, in: after) == nil && Self.row(kept, in: after) != nil)
                #expect(try await browser.post(path, form: [("csrf", token)]).status == 404)

                let entry = try #require(
                    try daemon.engine.storage.auditEntries(AuditQuery(app: AuditEntry.owner)).last)
                #expect(entry.operation == "webhook.remove" && entry.subject == removed)
                let log = try await browser.get("/log?period=all&app=owner")
                #expect(log.text.contains("Removed the webhook \(removed)"))
                #expect(log.text.contains("Added the webhook \(kept)"))
            }
        }
    }
}
