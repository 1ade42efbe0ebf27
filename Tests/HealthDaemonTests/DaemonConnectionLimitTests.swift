import Foundation
import HealthDaemon
import Testing
import OpenHealthKit
import OpenHealthKitTesting
import OpenHealthKitWire

/// Connections are bounded (docs/HEALTHD.md, Limits): a silent or unfinished one is closed, an app's change streams
/// are counted, and a stuck call never keeps SIGTERM from stopping healthd.
@Suite struct DaemonConnectionLimitTests {
    /// A request whose body announces more bytes than it sends.
    static let halfABody =
        "POST /v1/samples HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: 1000\r\n\r\n{\"samples\":["

    @Test func aConnectionThatSendsNothingIsClosed() async throws {
        try await withDaemon(configure: { $0.idleTimeout = 0.2 }) { daemon in
            let connection = try RawConnection(to: daemon.address)
            #expect(try await connection.readUntilClosed() == "")
        }
    }

    @Test func aConnectionThatStopsHalfwayThroughARequestsHeadIsClosed() async throws {
        try await withDaemon(configure: { $0.idleTimeout = 0.2 }) { daemon in
            let connection = try RawConnection(to: daemon.address)
            try connection.send("POST /v1/samples HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-")
            #expect(try await connection.readUntilClosed() == "")
        }
    }

    @Test func aConnectionThatStopsHalfwayThroughARequestsBodyIsClosed() async throws {
        try await withDaemon(configure: { $0.idleTimeout = 0.2 }) { daemon in
            let connection = try RawConnection(to: daemon.address)
            try connection.send(Self.halfABody)
            _ = try await connection.readUntilClosed()
            // healthd still serves.
            #expect(try await HTTP.call("GET", daemon.url("/v1/owner/apps"), bearer: daemon.ownerSecret).status == 200)
        }
    }

    @Test func anAppBeyondItsChangeStreamLimitGets429AndOtherAppsStillStream() async throws {
        try await withDaemon(configure: { $0.maximumChangeStreamsPerApp = 2 }) { daemon in
            let app = try await AppClient.authorized(daemon, Apps.app("com.example.greedy"), types: ["heartRate"])
            let other = try await AppClient.authorized(daemon, Apps.app("com.example.other"), types: ["heartRate"])
            let url = daemon.url("/v1/changes/stream?types=heartRate")
            let open = (0..<2).map { _ in EventStreamReader(url: url, credential: app.credential) }
            defer { open.forEach { $0.close() } }
            for stream in open { #expect(try await stream.connected() == 200) }
            let refused = try await HTTP.call("GET", url, bearer: app.credential)
            #expect(refused.status == 429)
            #expect(
                refused.error?.error.message.contains("already has 2 change streams open") == true, "\(refused.text)")
            let others = EventStreamReader(url: url, credential: other.credential)
            defer { others.close() }
            #expect(try await others.connected() == 200)
            // A closed stream makes room for another.
            open[0].close()
            try await waitUntil("healthd to see the closed stream") { try await Self.opens(url, app.credential) }
        }
    }

    /// Whether a change stream opens (its answer's head is 200), closing it at once.
    static func opens(_ url: URL, _ credential: String) async throws -> Bool {
        let stream = EventStreamReader(url: url, credential: credential)
        defer { stream.close() }
        return try await stream.connected() == 200
    }

    @Test func sigtermStopsHealthdWhileARequestsBodyIsUnfinished() async throws {
        let healthd = try await Healthd.launch(arguments: ["--shutdown-grace-period", "0.2"])
        defer { try? FileManager.default.removeItem(at: healthd.directory) }
        let connection = try RawConnection(to: healthd.address)
        try connection.send(
            "POST /signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: 1000\r\n\r\nsecret=")
        // Another call answered: healthd has taken the first connection's request in.
        #expect(try await HTTP.call("GET", healthd.url("/v1/owner/apps"), bearer: healthd.ownerSecret).status == 200)
        await healthd.terminate()
        // It exited by itself, not killed after the safety bound.
        #expect(healthd.process.termination == .exited(0))
    }
}
