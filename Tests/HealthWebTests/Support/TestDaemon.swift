import Foundation
import HealthDaemon
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// healthd in this process on a temporary store, with a second connection to the same database to arrange data
/// and read it back (as `hk` would).
struct TestDaemon: Sendable {
    let directory: URL
    let running: RunningHealthDaemon
    let ownerSecret: String
    let engine: HealthEngine

    static func start() async throws -> TestDaemon {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("healthweb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = directory.appendingPathComponent("health.sqlite").path
        let running = try await HealthDaemon(configuration: DaemonConfiguration(port: 0, storePath: store)).start()
        let secret = try String(contentsOfFile: store + ".owner-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return TestDaemon(directory: directory, running: running, ownerSecret: secret, engine: HealthEngine(storage: try SQLiteStorage(path: store)))
    }

    var address: URL { running.address }

    func stop() async throws {
        try await running.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A browser signed in as the owner.
    func signedInClient() async throws -> WebClient {
        let client = WebClient(address: address)
        let answer = try await client.signIn(secret: ownerSecret)
        guard answer.status == 303, client.cookies["health_session"] != nil else {
            throw TestFailure("sign-in failed: \(answer.status)")
        }
        return client
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
