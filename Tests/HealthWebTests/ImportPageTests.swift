import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The Import page's upload route, against the built healthd: the upload, the job's progress and summary, what the
/// store and a connected app then see, and the refusals.
extension HealthdBacked {
    @Suite struct ImportPageTests {
        private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("OpenHealthKitExchangeTests/Fixtures")
        /// 8 records of 5 types from two sources, zipped on a Mac (2,243 bytes).
        private static let zippedExport = fixtures.appendingPathComponent("alxdrcirilo-apple-health-parser/export.zip")
        private static let owner = Principal.owner(source: try! SourceRow.owner(named: "Health"))

        /// The CSRF token the Import page's form carries.
        private func token(_ browser: WebClient) async throws -> String {
            let page = try await browser.get("/import")
            let range = try #require(page.text.range(of: "data-csrf=\""))
            return String(page.text[range.upperBound...].prefix { $0 != "\"" })
        }

        private func json(_ page: WebClient.Page) throws -> [String: Any] {
            try #require(
                JSONSerialization.jsonObject(with: Data(page.text.utf8)) as? [String: Any],
                "\(page.status) \(page.text)")
        }

        /// Uploads `body` and waits for the job to end; returns its last progress answer.
        private func importing(_ body: Data, named name: String, with browser: WebClient) async throws -> [String: Any]
        {
            let answer = try await browser.upload("/import?name=\(name)", body, csrf: try await token(browser))
            #expect(answer.status == 202, "\(answer.text)")
            let started = try json(answer)
            let job = try #require(started["job"] as? String)
            #expect(started["href"] as? String == "/import/jobs/\(job)")
            let progress = try #require(started["progress"] as? String)
            var state: [String: Any] = [:]
            try await waitUntil("the import to end") {
                state = try json(try await browser.get(progress))
                return state["state"] as? String == "finished" || state["state"] as? String == "failed"
            }
            return state
        }

        private func heartRates(_ daemon: TestDaemon) async throws -> [HKSample] {
            try await daemon.engine.samples(of: HKQuantityType(.heartRate), predicate: nil, as: Self.owner)
        }

        private func uploadsLeft(_ daemon: TestDaemon) throws -> [String] {
            let folder = daemon.directory.appendingPathComponent("health.sqlite.uploads").path
            return (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        }

        /// Waits until the uploads folder is empty: a job's upload is removed just after the job ends (after its
        /// progress says so), so a test that saw the end waits for the removal too.
        private func waitForUploadsRemoved(_ daemon: TestDaemon) async throws {
            try await waitUntil("the uploads to be removed") { try uploadsLeft(daemon).isEmpty }
        }

        @Test func anUploadedExportIsImportedAndConnectedAppsHearOfIt() async throws {
            try await TestDaemon.with { daemon in
                // An app watching heart rates through healthd, as HKHealthStore's remote backend does.
                let app = AppManifest(bundleIdentifier: "com.example.pulse", name: "Pulse")
                let credential = try await daemon.register(app)
                try await daemon.engine.setGrants(
                    [HKQuantityTypeIdentifier.heartRate.rawValue: Grant(share: .sharingDenied, read: .authorized)],
                    app: app.bundleIdentifier)
                let store = HKHealthStore(
                    configuration: HealthStoreConfiguration(
                        remote: .init(address: daemon.address, credential: credential)))
                let heard = Locked<[HKSample]>([])
                let established = Inbox<Void>()
                let query = HKAnchoredObjectQuery(
                    type: HKQuantityType(.heartRate), predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
                ) { _, _, _, _, _ in
                    established.post(())
                }
                query.updateHandler = { _, samples, _, _, _ in heard.withLock { $0 += samples ?? [] } }
                store.execute(query)
                defer { store.stop(query) }
                // Its first results delivered, the query follows every change after them.
                try await established.next()

                let browser = try await daemon.signedInClient()
                let finished = try await importing(
                    try Data(contentsOf: Self.zippedExport), named: "export.zip", with: browser)
                #expect(finished["state"] as? String == "finished", "\(finished)")
                #expect(finished["added"] as? Int == 8)
                #expect(finished["percent"] as? Int == 100)

                // The summary, under the name the owner uploaded.
                let page = try await browser.get(try #require(finished["href"] as? String))
                #expect(page.status == 200)
                #expect(page.text.contains("<p id=\"import-headline\">8 added, 0 already stored, 0 skipped.</p>"))
                #expect(page.text.contains("<p class=\"small\">export.zip:apple_health_export/export.xml</p>"))
                #expect(
                    page.text.contains(
                        "<a href=\"/types/heartRate\">Heart Rate</a></td><td>2</td><td class=\"import-added\">2</td>"))
                #expect(page.text.contains("<a href=\"/types/sleepAnalysis\">Sleep</a>"))
                #expect(page.text.contains("Cardio Fitness Medications Use"))  // a warning, in words
                #expect(!page.text.contains("data-progress="))  // finished: nothing left to poll
                try await waitForUploadsRemoved(daemon)
                #expect(try uploadsLeft(daemon).isEmpty)

                // In the store, with their original sources; and the app was told.
                await #expect(
                    try heartRates(daemon).map(\.sourceRevision.source.name) == [
                        "Alexandre's Apple Watch", "Alexandre's Apple Watch",
                    ])
                try await waitUntil("the app to hear of 2 samples") { heard.withLock { $0.count } >= 2 }
                #expect(
                    heard.withLock { $0.map(\.sourceRevision.source.name) } == [
                        "Alexandre's Apple Watch", "Alexandre's Apple Watch",
                    ])

                // Recorded in the access log.
                // The audit entry is appended just after the job ends.
                var log = try await browser.get("/log?period=all&app=owner")
                try await waitUntil("the import to be audited") {
                    log = try await browser.get("/log?period=all&app=owner")
                    return log.text.contains("Imported an export")
                }
                #expect(log.text.contains("Imported an export"))
                #expect(log.text.contains("8 samples"))

                // Again: nothing new.
                let again = try await importing(
                    try Data(contentsOf: Self.zippedExport), named: "export.zip", with: browser)
                #expect(again["text"] as? String == "0 added, 8 already stored, 0 skipped.")
                await #expect(try heartRates(daemon).count == 2)
            }
        }

        @Test func anExportCutShortIsImportedAsFarAsItGoesAndSaysItIsIncomplete() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let record =
                    #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tester" unit="count" startDate="2020-01-01 10:00:00 +0000" endDate="2020-01-01 10:00:00 +0000" value="7"/>"#
                let cut =
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n \(record)\n <Record type=\"HKQuantityTypeIdentifierStep"
                let finished = try await importing(Data(cut.utf8), named: "export.xml", with: browser)
                #expect(finished["state"] as? String == "finished", "\(finished)")
                #expect(finished["added"] as? Int == 1)
                #expect(
                    (finished["text"] as? String)?.contains("Incomplete: the document ends at line") == true,
                    "\(finished)")
                #expect(finished["incomplete"] != nil)
            }
        }

        @Test func uploadsNeedTheOwnersSessionAndToken() async throws {
            try await TestDaemon.with { daemon in
                let export = try Data(contentsOf: Self.zippedExport)
                let stranger = WebClient(address: daemon.address)
                let anonymous = try await stranger.upload("/import?name=export.zip", export, csrf: "anything")
                #expect(anonymous.status == 401)
                #expect(try json(anonymous)["error"] as? String == "Your session has ended. Sign in again.")

                let browser = try await daemon.signedInClient()
                let token = try await token(browser)
                #expect(try await browser.upload("/import?name=export.zip", export, csrf: nil).status == 403)
                let forged = try await browser.upload("/import?name=export.zip", export, csrf: "forged")
                #expect(forged.status == 403)
                #expect(try json(forged)["error"] as? String == "This page has expired. Reload it and try again.")
                let crossSite = try await browser.send(
                    "POST", "/import?name=export.zip", body: export, contentType: "application/octet-stream",
                    headers: ["X-CSRF-Token": token, "Origin": "http://evil.example"])
                #expect(crossSite.status == 403)
                await #expect(try heartRates(daemon).isEmpty)
                #expect(try uploadsLeft(daemon).isEmpty)

                #expect(try await stranger.get("/import/jobs/0/progress").status == 401)
                #expect(try await browser.get("/import/jobs/0/progress").status == 404)
                #expect(try await browser.get("/import/jobs/0").status == 404)
                #expect(try await stranger.get("/import/jobs/0").status == 303)
            }
        }

        @Test func refusedUploadsLeaveTheStoreAsItWas() async throws {
            try await TestDaemon.with(arguments: ["--max-upload-size", "2k"]) { daemon in
                let browser = try await daemon.signedInClient()
                #expect(try await browser.get("/import").text.contains("data-maximum=\"2000\""))
                let token = try await token(browser)

                let tooLarge = try await browser.upload(
                    "/import?name=export.zip", try Data(contentsOf: Self.zippedExport), csrf: token)
                #expect(tooLarge.status == 413)
                #expect(try json(tooLarge)["error"] as? String == "The file is larger than Health accepts (2 kB).")

                let empty = try await browser.upload("/import?name=export.zip", Data(), csrf: token)
                #expect(empty.status == 400)
                #expect(try json(empty)["error"] as? String == "The file is empty.")

                // Not an export: the upload is taken, the import fails and says why.
                let garbage = try await importing(Data("not an export at all".utf8), named: "export.zip", with: browser)
                #expect(garbage["state"] as? String == "failed")
                let message = try #require(garbage["error"] as? String)
                #expect(message.contains("export.zip is not a Health export"), "\(message)")
                #expect(!message.contains("uploads"))  // the private copy's path is not shown
                let page = try await browser.get(try #require(garbage["href"] as? String))
                #expect(page.text.contains("id=\"import-failure\">\(message)</p>"))

                await #expect(try heartRates(daemon).isEmpty)
                try await waitForUploadsRemoved(daemon)
                #expect(try uploadsLeft(daemon).isEmpty)
                // The audit entry is appended just after the job ends.
                var log = try await browser.get("/log?period=all&app=owner")
                try await waitUntil("the import to be audited") {
                    log = try await browser.get("/log?period=all&app=owner")
                    return log.text.contains("Imported an export")
                }
                #expect(log.text.contains("Imported an export"))
            }
        }

        @Test func anUploadLeftByAStoppedHealthdIsRemovedAtTheNextStart() async throws {
            let leftover = Locked<URL?>(nil)
            try await TestDaemon.with(prepare: { store in
                let folder = URL(fileURLWithPath: store + ".uploads/import-0")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("PK".utf8).write(to: folder.appendingPathComponent("export.zip"))
                leftover.withLock { $0 = folder }
            }) { daemon in
                #expect(try uploadsLeft(daemon).isEmpty)
                let folder = try #require(leftover.withLock { $0 })
                #expect(!FileManager.default.fileExists(atPath: folder.path))
            }
        }

        @Test func oneImportAtATime() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let token = try await token(browser)
                // An upload that has sent 10 of its 100,000 bytes, and waits.
                let slow = try PartialUpload(
                    port: daemon.address.port ?? 0, path: "/import?name=export.zip", length: 100_000,
                    headers: [
                        "X-CSRF-Token": token, "Cookie": "health_session=\(browser.cookies["health_session"] ?? "")",
                    ])
                defer { slow.close() }
                var running = false
                try await waitUntil("the slow upload's job to run") {
                    running = try await browser.get("/import").text.contains("id=\"import-running\"")
                    return running
                }
                #expect(running)
                let second = try await browser.upload(
                    "/import?name=export.zip", try Data(contentsOf: Self.zippedExport), csrf: token)
                #expect(second.status == 409)
                #expect(
                    try json(second)["error"] as? String
                        == "An import is already running: wait until it has finished, then try again.")

                // The first upload breaks off: its job is gone, its file removed, and the next upload is taken.
                slow.close()
                try await waitUntil("the broken-off job to end") {
                    try await !browser.get("/import").text.contains("id=\"import-running\"")
                }
                let finished = try await importing(
                    try Data(contentsOf: Self.zippedExport), named: "export.zip", with: browser)
                #expect(finished["added"] as? Int == 8)
                try await waitForUploadsRemoved(daemon)
                #expect(try uploadsLeft(daemon).isEmpty)
            }
        }
    }
}

/// A POST that sends its head and the first bytes of its body, then waits until closed (a slow upload).
private final class PartialUpload: Sendable {
    private let socket: Locked<Int32>

    init(port: Int, path: String, length: Int, headers: [String: String]) throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw TestFailure("cannot connect to healthd")
        }
        socket = Locked(descriptor)
        var head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/octet-stream\r\nContent-Length: \(length)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n" + "PK\u{3}\u{4}012345").utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
    }

    func close() {
        socket.withLock { descriptor in
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
        }
    }
}
