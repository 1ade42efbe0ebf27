public import Foundation

/// The built `healthd` executable serving a store on a free loopback port, as people run it: the one way every test
/// target and the benchmarks start healthd.
///
/// ``launch(directory:arguments:environment:log:)`` returns once healthd printed where it listens (it prints that
/// when its server accepts connections); the owner secret is read from its file next to the store, as a person would.
/// healthd's environment is ``PinnedEnvironment``'s, so its pages do not depend on the machine's locale.
public final class Healthd: Sendable {
    /// The folder holding the store (and, when asked for, the log).
    public let directory: URL
    /// The store healthd serves: `health.sqlite` in ``directory``.
    public let storePath: String
    /// Where healthd listens, e.g. `http://127.0.0.1:40123` (the browser's origin: no path).
    public let address: URL
    /// What healthd printed first: the address, and the owner secret on a store's first start.
    public let banner: String
    /// The owner's secret, from the file healthd keeps next to the store.
    public let ownerSecret: String
    /// The running process.
    public let process: ChildProcess

    private init(directory: URL, address: URL, banner: String, process: ChildProcess) throws {
        self.directory = directory
        storePath = Self.storePath(in: directory)
        self.address = address
        self.banner = banner
        self.process = process
        ownerSecret = try String(contentsOfFile: storePath + ".owner-secret", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The built healthd (`BuiltExecutable.url("healthd")`).
    public static var executable: URL { BuiltExecutable.url("healthd") }

    /// A new temporary folder for a store of its own.
    public static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("healthd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The store's path in `directory`.
    public static func storePath(in directory: URL) -> String { directory.appendingPathComponent("health.sqlite").path }

    /// Starts healthd on the store in `directory` (a new temporary folder when nil) with `--host 127.0.0.1 --port 0`
    /// unless `arguments` name a port, and waits until it printed where it listens. What it prints is appended to
    /// `log` when given; `environment` changes ``PinnedEnvironment``'s variables; `executable` defaults to the built
    /// healthd.
    public static func launch(
        directory: URL? = nil, arguments: [String] = [], environment: [String: String?] = [:], log: URL? = nil,
        executable: URL = Healthd.executable
    ) async throws -> Healthd {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HealthdError("no healthd at \(executable.path): build it first (swift build --build-tests)")
        }
        let directory = try directory ?? temporaryDirectory()
        let port = arguments.contains("--port") ? [] : ["--port", "0"]
        let output = Pipe()
        let process = try ChildProcess(
            executable, ["--host", "127.0.0.1"] + port + ["--store", storePath(in: directory)] + arguments,
            environment: PinnedEnvironment.variables(environment), output: output, errors: output)
        let banner = await OutputReader.start(output.fileHandleForReading, log: log)
        guard let range = banner.range(of: #"http://[0-9.]+:[0-9]+"#, options: .regularExpression),
            let address = URL(string: String(banner[range]))
        else {
            await process.stop(SIGKILL)
            throw HealthdError("healthd printed no address: \(banner)")
        }
        return try Healthd(directory: directory, address: address, banner: banner, process: process)
    }

    /// SIGTERM, then waits until healthd exited (it shuts down gracefully); SIGKILL only if it has not after
    /// ``SafetyTimeout/duration``. Keeps its files.
    public func terminate() async {
        await process.stop(SIGTERM)
    }

    /// SIGKILL: healthd stops at once, in the middle of whatever it was doing; returns once it is gone. Keeps its files.
    public func kill() async {
        await process.stop(SIGKILL)
    }

    /// Terminates healthd and removes its folder.
    public func stop() async {
        await terminate()
        try? FileManager.default.removeItem(at: directory)
    }

    /// healthd's exit status as shells give it (once it exited).
    public var terminationStatus: Int32? { process.termination?.status }

    /// `path` (e.g. `/v1/owner/apps`) on healthd.
    public func url(_ path: String) -> URL { URL(string: path, relativeTo: address)!.absoluteURL }
}

/// healthd did not start, or an owner call failed.
public struct HealthdError: Error, CustomStringConvertible {
    /// What went wrong, with what healthd printed where it helps.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
