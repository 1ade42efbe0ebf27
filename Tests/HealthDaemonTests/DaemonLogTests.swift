import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitWire

/// healthd's output never holds a credential, the owner secret or the credential key, whatever the calls and at
/// the most verbose log level: only the first start's banner shows the owner secret, once.
@Suite struct DaemonLogTests {
    @Test func theLogHoldsNoCredentialAndNoSecret() async throws {
        let daemon = try await DaemonHarness.launch(logLevel: "trace")
        var secrets: [String] = []
        do {
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let other = try await daemon.register(Apps.app("com.example.other"))
            secrets += [app.credential, other]
            #expect(try await app.save([AppClient.beat(60)]).status == 200)
            #expect(try await app.call("POST", "/v1/queries/samples", json: ["type": "heartRate"]).status == 200)
            #expect(try await app.save([AppClient.beat(60, unit: "kg")]).status == 400)
            // Refused credentials and secrets are not logged either.
            let forged = DaemonSecurityTests.forged(other, app: "com.example.app")
            let wrongSecret = String(daemon.ownerSecret.reversed())
            secrets += [forged, wrongSecret]
            #expect(try await daemon.app(forged, "GET", "/v1/anchor").status == 401)
            #expect(try await HTTP.call("GET", daemon.url("/v1/owner/audit"), bearer: wrongSecret).status == 401)
            #expect(try await HTTP.call("GET", daemon.url("/v1/owner/audit"), bearer: app.credential).status == 401)
            let stream = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=heartRate"), credential: app.credential)
            #expect(try await stream.connected() == 200)
            #expect(try await daemon.owner("DELETE", "/v1/owner/apps/com.example.app").status == 200)
            #expect(try await daemon.app(app.credential, "GET", "/v1/anchor").status == 401)
            stream.close()
            try await daemon.shutDown()
        } catch {
            try? await daemon.stop()
            throw error
        }
        defer { try? FileManager.default.removeItem(at: daemon.directory) }

        let log = try String(contentsOf: daemon.logFile, encoding: .utf8)
        let key = try String(contentsOfFile: daemon.storePath + ".credential-key", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        // The log is verbose: each call is in it.
        #expect(
            log.contains("/v1/samples") && log.contains("/v1/owner/audit") && log.contains("revoked com.example.app"))
        let banner = log.split(separator: "\n").filter { $0.contains(daemon.ownerSecret) }
        #expect(banner.count == 1 && banner.first?.hasPrefix("Health is at http://127.0.0.1:") == true)
        for secret in secrets + [key] {
            #expect(!log.contains(secret))
            // Nor any part of a credential: its claims or its signature.
            for part in secret.split(separator: ".").dropFirst() where part.count > 16 {
                #expect(!log.contains(part), "a credential part is in the log")
            }
        }
        #expect(!log.contains("Bearer"))
    }
}
