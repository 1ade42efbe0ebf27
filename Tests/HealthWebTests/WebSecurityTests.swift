import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import Testing

/// Sign-in, sessions, CSRF tokens and what every page sends, against healthd in this process.
extension HealthdBacked {
    @Suite struct WebSecurityTests {
        @Test func pagesNeedTheOwnersSession() async throws {
            try await TestDaemon.with { daemon in
                let stranger = WebClient(address: daemon.address)
                for path in [
                    "/", "/types/stepCount", "/sources", "/sources/webhooks", "/me", "/log", "/permissions", "/import",
                ] {
                    let page = try await stranger.get(path)
                    #expect(page.status == 303, "\(path)")
                    #expect(page.location?.hasPrefix("/signin?next=") == true, "\(path)")
                }
                #expect(try await stranger.get("/permissions/count").status == 401)
                #expect(try await stranger.get("/static/health.css").status == 200)
            }
        }

        @Test func signingInSetsAStrictHttpOnlyCookie() async throws {
            try await TestDaemon.with { daemon in
                let browser = WebClient(address: daemon.address)
                let form = try await browser.get("/signin")
                #expect(form.status == 200)
                #expect(form.setCookie.contains("health_signin=") && form.setCookie.contains("SameSite=Strict"))
                let wrong = try await browser.post(
                    "/signin", form: [("token", form.field("token") ?? ""), ("secret", "guess")])
                #expect(wrong.status == 401 && wrong.text.contains("not the owner secret"))
                #expect(browser.cookies["health_session"] == nil)

                // A sign-in form posted from elsewhere carries no sign-in cookie.
                let forged = WebClient(address: daemon.address)
                #expect(
                    try await forged.post("/signin", form: [("token", "x"), ("secret", daemon.ownerSecret)]).status
                        == 403)

                let again = try await browser.get("/signin?next=%2Fme")
                let signedIn = try await browser.post(
                    "/signin",
                    form: [
                        ("token", again.field("token") ?? ""), ("next", again.field("next") ?? ""),
                        ("secret", daemon.ownerSecret),
                    ])
                #expect(signedIn.status == 303 && signedIn.location == "/me")
                let cookie = signedIn.setCookie
                #expect(
                    cookie.contains("health_session=") && cookie.contains("HttpOnly")
                        && cookie.contains("SameSite=Strict"))
                #expect(cookie.contains("Path=/") && !cookie.contains("Secure"))
                let summary = try await browser.get("/")
                #expect(summary.status == 200 && summary.text.contains("<h1>Summary</h1>"))
                let policy = summary.headers["Content-Security-Policy"] ?? ""
                #expect(
                    policy.contains("default-src 'none'") && policy.contains("script-src 'self'")
                        && policy.contains("frame-ancestors 'none'"))
                #expect(summary.headers["Cache-Control"] == "no-store" && summary.headers["X-Frame-Options"] == "DENY")

                let signedOut = try await browser.post("/signout", form: [("csrf", summary.field("csrf") ?? "")])
                #expect(signedOut.status == 303 && browser.cookies["health_session"] == nil)
                #expect(try await browser.get("/").status == 303)
            }
        }

        @Test(arguments: [
            "%2F%09%2Fevil.example", "%2F%0A%2Fevil.example", "%2F%0D%2Fevil.example", "%2F%5Cevil.example",
            "%5C%5Cevil.example", "%2F%2Fevil.example", "%09%2F%2Fevil.example", "%20%2F%2Fevil.example",
            "https%3A%2F%2Fevil.example", "%2F%20%2Fevil.example", "%2F%00%2Fevil.example",
        ])
        func signingInGoesHomeInsteadOfToANextThatIsNotAPlainPathOnThisSite(_ next: String) async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let answer = try await browser.get("/signin?next=" + next)
                #expect(answer.status == 303)
                #expect(answer.location == "/", "\(next): \(answer.location ?? "none")")
                // A plain path with a query still goes where it says.
                let plain = try await browser.get("/signin?next=%2Ftypes%2FstepCount%3Frange%3Dweek")
                #expect(plain.location == "/types/stepCount?range=week")
            }
        }

        @Test func formsNeedTheSessionsTokenAndThisOrigin() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let page = try await browser.get("/types/bodyMass")
                let token = try #require(page.field("csrf"))
                let sample = [("value", "70"), ("unit", "kg"), ("start", "2026-11-20T08:00")]
                #expect(try await browser.post("/types/bodyMass/samples", form: sample).status == 403)
                #expect(
                    try await browser.post("/types/bodyMass/samples", form: sample + [("csrf", "forged")]).status == 403
                )
                let crossSite = try await browser.post(
                    "/types/bodyMass/samples", form: sample + [("csrf", token)],
                    headers: ["Origin": "http://evil.example"])
                #expect(crossSite.status == 403)
                let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
                await #expect(
                    try daemon.engine.samples(of: HKQuantityType(.bodyMass), predicate: nil, as: owner).isEmpty)

                let saved = try await browser.post(
                    "/types/bodyMass/samples", form: sample + [("csrf", token)],
                    headers: ["Origin": daemon.address.absoluteString])
                #expect(saved.status == 303 && saved.location == "/types/bodyMass?range=day&date=2026-11-20")
                await #expect(
                    try daemon.engine.samples(of: HKQuantityType(.bodyMass), predicate: nil, as: owner).count == 1)
                let after = try await browser.get("/types/bodyMass")
                #expect(after.text.contains("Added 70 kg to Weight."))
                #expect(after.text.contains("class=\"sample-value\">70 kg</span>"))
            }
        }

        @Test func pagesEscapeWhatAppsStored() async throws {
            try await TestDaemon.with { daemon in
                let app = AppManifest(
                    bundleIdentifier: "com.example.tricky", name: "<b>Tricky</b>", shareUsageDescription: "r",
                    updateUsageDescription: "w")
                try await daemon.engine.setGrants(
                    [HKQuantityTypeIdentifier.heartRate.rawValue: Grant(share: .sharingAuthorized, read: .authorized)],
                    app: app.bundleIdentifier)
                let sample = try HKQuantitySample(
                    validating: HKQuantityType(.heartRate),
                    quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 61),
                    start: Date(), end: Date(),
                    device: HKDevice(
                        name: "<i>band</i>", manufacturer: nil, model: nil, hardwareVersion: nil, firmwareVersion: nil,
                        softwareVersion: nil, localIdentifier: nil, UDIDeviceIdentifier: nil),
                    metadata: ["note": "<script>alert(1)</script>"])
                try await daemon.engine.save([sample], as: .app(app))
                let browser = try await daemon.signedInClient()
                let page = try await browser.get("/types/heartRate")
                #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
                #expect(page.text.contains("&lt;i&gt;band&lt;/i&gt;"))
                #expect(page.text.contains("&lt;b&gt;Tricky&lt;/b&gt;"))
                #expect(
                    !page.text.contains("<script>alert") && !page.text.contains("<i>band")
                        && !page.text.contains("<b>Tricky"))
                #expect(page.text.contains("61 BPM"))
            }
        }

        @Test func everySectionRendersForTheOwner() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                for path in [
                    "/", "/types", "/types/stepCount?range=week", "/types/sleepAnalysis?range=month",
                    "/types/workout?range=year",
                    "/sources", "/sources/webhooks", "/me", "/log?period=all", "/permissions", "/import",
                ] {
                    let page = try await browser.get(path)
                    #expect(page.status == 200, "\(path): \(page.status)")
                    #expect(page.text.contains("</html>"), "\(path)")
                }
                #expect(try await browser.get("/types/notAType").status == 404)
                #expect(try await browser.get("/sources/com.example.none").status == 404)
                let count = try await browser.get("/permissions/count")
                #expect(count.status == 200 && count.text == "{\"count\":0}")
                let upload = try await browser.send(
                    "POST", "/import?name=export.zip", form: "data", headers: ["X-CSRF-Token": "forged"])
                #expect(upload.status == 403)
            }
        }
    }
}
