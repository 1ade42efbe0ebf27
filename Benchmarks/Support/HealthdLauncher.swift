import CoreFoundation  // where Swift finds the C `sysconf` constants in a release build
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
    /// `directory`, with what it prints in `healthd.log` there, and waits for its address.
    init(executable: String?, directory: URL) async throws {
        let url = executable.map(URL.init(fileURLWithPath:)) ?? Healthd.executable
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BenchError(
                "no healthd at \(url.path): build it (swift build -c release --product healthd) or pass --healthd")
        }
        healthd = try await Healthd.launch(
            directory: directory, arguments: ["--log-level", "warning"],
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
    /// owner's Sources page does; returns its credential.
    func registerAllowed(_ app: AppManifest, types: [HKSampleType]) async throws -> String {
        let plists = try AppPlists(
            bundleIdentifier: app.bundleIdentifier, name: app.name, version: app.version,
            shareUsageDescription: app.shareUsageDescription, updateUsageDescription: app.updateUsageDescription)
        let credential = try await healthd.register(plists)
        try await healthd.allow(app.bundleIdentifier, toShareAndRead: types.map(\.identifier))
        return credential
    }

    /// CPU time healthd has used so far (user and system), in seconds, from /proc.
    func cpuSeconds() -> Double {
        guard
            let stat = try? String(contentsOfFile: "/proc/\(healthd.process.processIdentifier)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return .nan }
        // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
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
