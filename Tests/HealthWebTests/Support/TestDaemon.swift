import Foundation
import OpenHealthKitEngine
import OpenHealthKitSQLite
import OpenHealthKitTesting

/// The built `healthd` executable on a temporary store and a free port, as people run it (``Healthd``), with a
/// second connection to the same database to arrange data and read it back (as `hk` would). A separate process
/// keeps healthd's work off this process's threads, which the package's timing-sensitive tests share.
struct TestDaemon: Sendable {
    let healthd: Healthd
    let engine: HealthEngine

    var directory: URL { healthd.directory }
    var address: URL { healthd.address }
    var ownerSecret: String { healthd.ownerSecret }

    /// `arguments` are added to healthd's (`--max-upload-size 2k`); `prepare` gets the store's path before healthd
    /// starts on it.
    static func start(arguments: [String] = [], prepare: (_ store: String) throws -> Void = { _ in }) async throws
        -> TestDaemon
    {
        let directory = try Healthd.temporaryDirectory()
        let store = Healthd.storePath(in: directory)
        try prepare(store)
        let healthd = try await Healthd.launch(directory: directory, arguments: arguments)
        return TestDaemon(healthd: healthd, engine: HealthEngine(storage: try SQLiteStorage(path: store)))
    }

    /// Runs `body` with a healthd of its own (see ``start(arguments:prepare:)``), stopped afterwards whatever happens.
    static func with(
        arguments: [String] = [], prepare: (_ store: String) throws -> Void = { _ in },
        _ body: (TestDaemon) async throws -> Void
    ) async throws {
        let daemon = try await start(arguments: arguments, prepare: prepare)
        do {
            try await body(daemon)
        } catch {
            try await daemon.stop()
            throw error
        }
        try await daemon.stop()
    }

    /// Stops healthd and removes its store.
    func stop() async throws {
        await healthd.stop()
    }

    /// Registers an app with healthd, as the owner does (`POST /v1/owner/apps`); returns its credential.
    func register(_ manifest: AppManifest) async throws -> String {
        try await healthd.register(AppPlists(bundleIdentifier: manifest.bundleIdentifier, name: manifest.name))
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
