import Foundation
import OpenHealthKit
import OpenHealthKitTesting

/// healthd run for a benchmark (``Healthd``, as the tests run it) on a store in a folder of the benchmark's, and the
/// owner's side of it: registering apps and allowing them types, as the owner would through the owner routes.
final class HealthdLauncher {
    private let healthd: Healthd

    var address: URL { healthd.address }
    var storePath: String { healthd.storePath }

    /// The owner secret healthd keeps next to its store.
    func ownerSecret() throws -> String { healthd.ownerSecret }

    /// Starts healthd (`executable`, else the `healthd` built next to this benchmark) on `health.sqlite` in
    /// `directory`, or on the PostgreSQL `database` (its URL and password) when given, with what it prints in
    /// `healthd.log` there, and waits for its address; `environment` adds to healthd's.
    init(
        executable: String?, directory: URL, database: (url: String, password: String)? = nil,
        environment: [String: String] = [:]
    ) async throws {
        let url = executable.map(URL.init(fileURLWithPath:)) ?? Healthd.executable
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BenchError(
                "no healthd at \(url.path): build it (swift build -c release --product healthd) or pass --healthd")
        }
        healthd = try await Healthd.launch(
            directory: directory,
            arguments: ["--log-level", "warning"] + (database.map { ["--database", $0.url] } ?? []),
            environment: environment.merging(database.map { ["PGPASSWORD": $0.password] } ?? [:]) { _, new in new },
            log: directory.appendingPathComponent("healthd.log"),
            executable: url)
    }

    /// Runs `body` with a healthd started as ``init(executable:directory:)`` starts it, and stops it afterwards,
    /// whether `body` returns or throws.
    static func running(
        executable: String?, directory: URL, _ body: (HealthdLauncher) async throws -> Void
    ) async throws {
        let daemon = try await HealthdLauncher(executable: executable, directory: directory)
        do {
            try await body(daemon)
        } catch {
            await daemon.stop()
            throw error
        }
        await daemon.stop()
    }

    /// Registers the app (its property lists made from the manifest) and lets it write and read `types`, as the
    /// owner's Sources page does (signed in as `user` when given: a user of a PostgreSQL healthd); returns its
    /// credential.
    func registerAllowed(_ app: AppManifest, types: [HKSampleType], as user: HealthdUser? = nil) async throws -> String
    {
        let plists = try AppPlists(
            bundleIdentifier: app.bundleIdentifier, name: app.name, version: app.version,
            shareUsageDescription: app.shareUsageDescription, updateUsageDescription: app.updateUsageDescription)
        let credential = try await healthd.register(plists, as: user)
        try await healthd.allow(app.bundleIdentifier, toShareAndRead: types.map(\.identifier), as: user)
        return credential
    }

    /// CPU time healthd has used so far (user and system), in seconds, from /proc.
    func cpuSeconds() -> Double {
        ProcessCPU.seconds(healthd.process.processIdentifier)
    }

    /// SIGTERM, then waits until healthd has stopped.
    func stop() async {
        await healthd.terminate()
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
