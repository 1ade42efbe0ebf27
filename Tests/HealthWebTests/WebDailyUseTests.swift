import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
import OpenHealthKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a person meets using Health every day, against the built healthd: an import healthd stopped during, error
/// pages for people, the time zone chosen on Me, access-log entries that say what changed.
extension HealthdBacked {
    @Suite struct WebDailyUseTests {
        /// Sends the start of an upload that promises more bytes than it sends, and keeps the connection open.
        private func startUpload(to address: URL, session: String, csrf: String, length: Int) throws -> Int32 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var target = sockaddr_in()
            target.sin_family = sa_family_t(AF_INET)
            target.sin_port = in_port_t(UInt16(address.port!).bigEndian)
            target.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw TestFailure("cannot connect to healthd") }
            let head =
                "POST /import?name=export.zip HTTP/1.1\r\nHost: 127.0.0.1:\(address.port!)\r\n"
                + "Cookie: health_session=\(session)\r\nX-CSRF-Token: \(csrf)\r\n"
                + "Content-Type: application/octet-stream\r\nContent-Length: \(length)\r\n\r\n"
            let bytes = Array(head.utf8) + [UInt8](repeating: 0x50, count: 4096)
            guard send(socket, bytes, bytes.count, 0) == bytes.count else { throw TestFailure("cannot send") }
            return socket
        }

        @Test func anUploadHealthdStoppedDuringSaysSoAfterTheRestartAndIsInTheAccessLog() async throws {
            let directory = try Healthd.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let first = try await Healthd.launch(directory: directory)
            let engine = HealthEngine(storage: try SQLiteStorage(path: first.storePath))
            let browser = WebClient(address: first.address)
            _ = try await browser.signIn(secret: first.ownerSecret)
            let importPage = try await browser.get("/import")
            let range = try #require(importPage.text.range(of: "data-csrf=\""))
            let csrf = String(importPage.text[range.upperBound...].prefix { $0 != "\"" })
            let socket = try startUpload(
                to: first.address, session: try #require(browser.cookies["health_session"]), csrf: csrf,
                length: 1 << 20)
            defer { close(socket) }
            var job: ImportJobRecord?
            try await waitUntil("the upload to be recorded") {
                job = try engine.storage.importJobs().first { $0.state == "uploading" && $0.detail.contains("upload") }
                return job != nil
            }
            let id = try #require(job?.id)
            await first.kill()

            let second = try await Healthd.launch(directory: directory)
            defer { Task { await second.terminate() } }
            let again = WebClient(address: second.address)
            _ = try await again.signIn(secret: second.ownerSecret)
            let page = try await again.get("/import/jobs/\(id)")
            #expect(page.status == 200)
            #expect(page.text.contains("healthd stopped while the file was being uploaded"))
            #expect(page.text.contains("nothing was imported. Upload the export again."))
            #expect(!page.text.contains("import-resume"))
            let progress = try await again.get("/import/jobs/\(id)/progress")
            #expect(progress.text.contains("\"state\":\"interrupted\""))
            try await waitUntil("the interruption to be in the access log") {
                try engine.storage.auditEntries(AuditQuery(app: AuditEntry.owner)).contains {
                    $0.operation == "import.interrupted" && $0.sampleCount == 0
                }
            }
            let log = try await again.get("/log?period=all&app=owner")
            #expect(log.text.contains("Import interrupted (healthd stopped)"))
            #expect(log.text.contains("Interrupted"))
            let uploads = directory.appendingPathComponent("health.sqlite.uploads").path
            #expect((try? FileManager.default.contentsOfDirectory(atPath: uploads))?.isEmpty ?? true)
            await second.terminate()
        }

        @Test func browserAddressesAnswerPagesForPeopleAndTheAPIStaysJSON() async throws {
            try await TestDaemon.with { daemon in
                let stranger = WebClient(address: daemon.address)
                let outside = try await stranger.get("/summary")
                #expect(outside.status == 404)
                #expect(outside.headers["Content-Type"]?.hasPrefix("text/html") == true)
                #expect(outside.text.contains("Page Not Found") && outside.text.contains("/signin?next=%2Fsummary"))

                let browser = try await daemon.signedInClient()
                let inside = try await browser.get("/summary")
                #expect(inside.status == 404 && inside.text.contains("Health has no page at /summary."))
                #expect(inside.text.contains("aria-label=\"Sections\""))  // the menu, signed in
                let type = try await browser.get("/types/notAType")
                #expect(type.status == 404 && type.text.contains("Health has no page for this type."))
                let method = try await browser.get("/signout")
                #expect(method.status == 405 && method.headers["Content-Type"]?.hasPrefix("text/html") == true)

                let api = try await browser.get("/v1/nothing-here")
                #expect(api.status == 404 && api.headers["Content-Type"]?.hasPrefix("application/json") == true)

                let ended = try await stranger.post(
                    "/types/bodyMass/samples", form: [("value", "70"), ("unit", "kg"), ("csrf", "x")])
                #expect(ended.status == 403)
                #expect(ended.text.contains("Your session has ended") && ended.text.contains("Sign In"))
                #expect(ended.headers["Content-Type"]?.hasPrefix("text/html") == true)
            }
        }

        @Test func theTimeZoneChosenOnMeIsUsedByThePages() async throws {
            try await TestDaemon.with { daemon in
                let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
                let start = ISO8601DateFormatter().date(from: "2024-11-03T23:30:00Z")!
                try await daemon.engine.save(
                    [
                        try HKQuantitySample(
                            validating: HKQuantityType(.stepCount),
                            quantity: HKQuantity(unit: .count(), doubleValue: 500),
                            start: start, end: start.addingTimeInterval(600))
                    ], as: owner)
                let browser = try await daemon.signedInClient()
                let utc = try await browser.get("/types/stepCount")
                #expect(utc.text.contains("id=\"window-title\">3 Nov 2024</h2>"))
                let me = try await browser.get("/me")
                let saved = try await browser.post(
                    "/me/timezone", form: [("timeZone", "Europe/Paris"), ("csrf", me.field("csrf") ?? "")])
                #expect(saved.status == 303)
                await #expect(try daemon.engine.ownerTimeZone()?.identifier == "Europe/Paris")
                let paris = try await browser.get("/types/stepCount")
                #expect(paris.text.contains("id=\"window-title\">4 Nov 2024</h2>"))
                #expect(paris.text.contains("4 Nov 2024, 00:30 – 00:40"))
                let refused = try await browser.post(
                    "/me/timezone", form: [("timeZone", "Mars/Olympus"), ("csrf", me.field("csrf") ?? "")])
                #expect(refused.status == 400 && refused.text.contains("Health does not know the time zone"))
            }
        }

        @Test func aSwitchTurnedOffIsLoggedAsOffForItsApp() async throws {
            try await TestDaemon.with { daemon in
                let bundle = "com.example.walker"
                _ = try await daemon.register(AppManifest(bundleIdentifier: bundle, name: "Walker"))
                try await daemon.engine.setGrants(
                    [HKQuantityTypeIdentifier.heartRate.rawValue: Grant(share: .sharingDenied, read: .authorized)],
                    app: bundle)
                let browser = try await daemon.signedInClient()
                let app = try await browser.get("/sources/\(bundle)")
                let off = try await browser.post(
                    "/sources/\(bundle)/grant",
                    form: [
                        ("type", HKQuantityTypeIdentifier.heartRate.rawValue), ("kind", "read"),
                        ("csrf", app.field("csrf") ?? ""),
                    ])
                #expect(off.status == 303)
                let log = try await browser.get("/log?period=all&app=owner")
                #expect(log.text.contains("Turned off reading for Walker"))
                let entry = try #require(
                    try daemon.engine.storage.auditEntries(AuditQuery(app: AuditEntry.owner)).last)
                #expect(entry.operation == "grants.read.off" && entry.subject == bundle)
            }
        }
    }
}
