import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import Testing

/// Export All Health Data, against the built healthd: each form `hk export` writes, made as a job whose page follows
/// it, then sent to the signed-in owner only; the file private on disk; the export in the access log.
extension HealthdBacked {
    @Suite struct ExportPageTests {
        private static let steps = try! HKQuantitySample(
            validating: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 4321),
            start: Date(timeIntervalSince1970: 1_790_000_000), end: Date(timeIntervalSince1970: 1_790_003_600))

        /// Starts an export from Me and follows its page until it has ended; its address.
        private func export(_ format: String, browser: WebClient) async throws -> String {
            let me = try await browser.get("/me")
            let started = try await browser.post(
                "/export", form: [("csrf", me.field("csrf") ?? ""), ("format", format)])
            #expect(started.status == 303)
            let job = try #require(started.location)
            // The job ends by itself; the page is read until it says so (each read is a real request to healthd).
            for _ in 0..<100_000 {
                let page = try await browser.get(job)
                if !page.text.contains("data-reload-while-running") { return job }
                try await Task.sleep(for: .milliseconds(20))
            }
            throw TestFailure("the export never ended")
        }

        @Test func eachFormIsWrittenAndSentAsAnAttachment() async throws {
            try await TestDaemon.with { daemon in
                try await daemon.engine.save([Self.steps], as: .owner(source: try .owner(named: "Test")))
                let browser = try await daemon.signedInClient()
                for (format, file) in [("apple-xml", "export.zip"), ("fhir", "export.json"), ("csv", "health-csv.zip")]
                {
                    let job = try await export(format, browser: browser)
                    let page = try await browser.get(job)
                    #expect(page.text.contains(#"data-outcome="done""#) && page.text.contains("Download \(file)"))
                    let download = try await browser.get(job + "/download")
                    #expect(download.status == 200)
                    #expect(download.headers["Content-Disposition"] == "attachment; filename=\"\(file)\"")
                    if format == "fhir" {
                        #expect(download.text.contains(#""resourceType":"Bundle""#) && download.text.contains("4321"))
                    } else {
                        #expect(download.text.hasPrefix("PK"))
                    }
                }
                let log = try await browser.get("/log?app=owner&period=all")
                #expect(log.text.components(separatedBy: "Exported all health data").count - 1 == 3)
            }
        }

        @Test func theFileIsPrivateAndOnlyTheSignedInOwnerGetsIt() async throws {
            try await TestDaemon.with { daemon in
                try await daemon.engine.save([Self.steps], as: .owner(source: try .owner(named: "Test")))
                let browser = try await daemon.signedInClient()
                let job = try await export("fhir", browser: browser)
                let exports = daemon.directory.appendingPathComponent("health.sqlite.exports")
                let folder = try #require(
                    try FileManager.default.contentsOfDirectory(atPath: exports.path).first { $0.hasPrefix("export-") })
                let attributes = { (path: String) in
                    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
                }
                let folderPath = exports.appendingPathComponent(folder).path
                #expect(try attributes(folderPath) == 0o700)
                #expect(try attributes(folderPath + "/export.json") == 0o600)
                // Without a session: the sign-in page, not the file; an id that is not a job: not found.
                let stranger = WebClient(address: daemon.address)
                let refused = try await stranger.get(job + "/download")
                #expect(refused.status == 303 && refused.location?.hasPrefix("/signin") == true)
                #expect(!refused.text.contains("4321"))
                #expect(try await browser.get("/export/jobs/nothing/download").status == 404)
            }
        }

        @Test func anUnknownFormIsRefusedWithASentence() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let me = try await browser.get("/me")
                let refused = try await browser.post(
                    "/export", form: [("csrf", me.field("csrf") ?? ""), ("format", "pdf")])
                #expect(refused.status == 400 && refused.text.contains("Choose what to export"))
            }
        }
    }
}
