import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange
import Testing
import OpenHealthKitPostgres

/// Sources' Devices That Push Data: each ingest key with when it was made and its last push, in the owner's time
/// zone, never its secret; its Revoke form, which needs the session's CSRF token.
extension HealthdBacked {
    @Suite struct IngestKeysSectionTests {
        /// 5 Mar 2026, 07:00 UTC: 08:00 in Paris.
        static let created = Date(timeIntervalSince1970: 1_772_694_000)

        /// The list item of the key named `name` on the page, or nil.
        static func row(_ name: String, in page: WebClient.Page) -> String? {
            guard let start = page.text.range(of: "data-ingest-key=\"\(name)\"") else { return nil }
            let rest = page.text[start.upperBound...]
            return String(rest[..<(rest.range(of: "</li>")?.lowerBound ?? rest.endIndex)])
        }

        @Test func sourcesListsEachKeyWithItsLastPushAndNeverItsSecret() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                #expect(try await browser.get("/sources").text.contains("id=\"no-ingest-keys\""))

                let keys = IngestKeys(engine: daemon.engine)
                let (phone, phoneKey) = try keys.add(
                    name: "phone", user: PostgresStorage.ownerUserID, now: Self.created)
                let (watch, watchKey) = try keys.add(
                    name: "watch", user: PostgresStorage.ownerUserID, now: Self.created)
                try keys.notePush(phone, at: Self.created.addingTimeInterval(90 * 60))
                try await daemon.engine.setOwnerTimeZone(TimeZone(identifier: "Europe/Paris"))

                let page = try await browser.get("/sources")
                #expect(page.status == 200)
                #expect(!page.text.contains("id=\"no-ingest-keys\""))
                let phoneRow = try #require(Self.row("phone", in: page))
                #expect(phoneRow.contains("Added 5 Mar 2026, 08:00"))
                #expect(phoneRow.contains("class=\"last-push\">5 Mar 2026, 09:30</span>"))
                let watchRow = try #require(Self.row("watch", in: page))
                #expect(watchRow.contains("Added 5 Mar 2026, 08:00"))
                #expect(watchRow.contains("class=\"last-push\">Never</span>"))
                #expect(page.text.contains("<code>hk ingest-keys add NAME</code>"))
                // A key's text ends with its secret.
                let secrets = [phoneKey, watchKey].map { String($0.split(separator: ".").last ?? "") }
                for secret in secrets + [phone.secretHash, watch.secretHash] {
                    #expect(!secret.isEmpty && !page.text.contains(secret))
                }
            }
        }

        @Test func aPushWrittenInAnotherOffsetThanHealthsDaysOffersItsZone() async throws {
            try await TestDaemon.with { daemon in
                let keys = IngestKeys(engine: daemon.engine)
                let (phone, _) = try keys.add(name: "phone", user: PostgresStorage.ownerUserID, now: Self.created)
                let (watch, _) = try keys.add(name: "watch", user: PostgresStorage.ownerUserID, now: Self.created)
                // In March Paris is at UTC+01:00: the watch's push matches it, the phone's (New York) does not.
                try keys.notePush(phone, at: Self.created, timeZone: TimeZone(secondsFromGMT: -5 * 3600)?.identifier)
                try keys.notePush(watch, at: Self.created, timeZone: TimeZone(secondsFromGMT: 3600)?.identifier)
                try await daemon.engine.setOwnerTimeZone(TimeZone(identifier: "Europe/Paris"))
                let browser = try await daemon.signedInClient()
                let page = try await browser.get("/sources")
                let phoneRow = try #require(Self.row("phone", in: page))
                #expect(phoneRow.contains("class=\"offer push-time-zone-offer\""))
                #expect(phoneRow.contains("name=\"timeZone\" value=\"GMT-0500\""))
                #expect(!(try #require(Self.row("watch", in: page))).contains("push-time-zone-offer"))

                // Taking the offer: Health's days follow the phone's offset; the offer moves to the watch.
                let token = try #require(page.field("csrf"))
                let taken = try await browser.post("/me/timezone", form: [("csrf", token), ("timeZone", "GMT-0500")])
                #expect(taken.status == 303)
                await #expect(try daemon.engine.ownerTimeZone()?.secondsFromGMT(for: Self.created) == -5 * 3600)
                let after = try await browser.get("/sources")
                #expect(!(try #require(Self.row("phone", in: after))).contains("push-time-zone-offer"))
                #expect((try #require(Self.row("watch", in: after))).contains("push-time-zone-offer"))
            }
        }

        @Test func revokingAKeyNeedsTheFormsTokenRemovesItAndIsLogged() async throws {
            try await TestDaemon.with { daemon in
                let keys = IngestKeys(engine: daemon.engine)
                for name in ["phone", "watch"] {
                    _ = try keys.add(name: name, user: PostgresStorage.ownerUserID)
                }
                let browser = try await daemon.signedInClient()
                let sources = try await browser.get("/sources")
                let token = try #require(sources.field("csrf"))
                let path = "/sources/ingest-keys/watch/revoke"
                #expect(try await browser.post(path, form: []).status == 403)
                #expect(try await browser.post(path, form: [("csrf", "forged")]).status == 403)
                #expect(try keys.list().map(\.name) == ["phone", "watch"])

                let revoked = try await browser.post(path, form: [("csrf", token)])
                #expect(revoked.status == 303 && revoked.location == "/sources#ingest-keys")
                #expect(try keys.list().map(\.name) == ["phone"])
                let after = try await browser.get("/sources")
                #expect(after.text.contains("The key watch is revoked"))
                #expect(Self.row("watch", in: after) == nil && Self.row("phone", in: after) != nil)
                #expect(try await browser.post(path, form: [("csrf", token)]).status == 404)

                let entry = try #require(
                    try daemon.engine.storage.auditEntries(AuditQuery(app: AuditEntry.owner)).last)
                #expect(entry.operation == "ingestKey.revoke" && entry.subject == "ingest-key:watch")
                let log = try await browser.get("/log?period=all&app=owner")
                #expect(log.text.contains("Revoked the ingest key watch"))
            }
        }
    }
}
