import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `healthd` serving a temporary store on a free loopback port, for the commands that act as the owner
/// through it. ``with(_:)`` always stops it, whatever the test does.
/// Immutable once started, so tests may share it with the tasks they start.
final class RunningHealthd: @unchecked Sendable {
    let store: TemporaryStore
    let address: URL
    private let process: Process

    private init(store: TemporaryStore, address: URL, process: Process) {
        self.store = store
        self.address = address
        self.process = process
    }

    deinit {
        // Only reached with healthd running when ``with(_:)`` could not stop it: never leave it behind.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs `body` with a healthd of its own, then stops healthd (SIGTERM, then SIGKILL after 20 s) even when `body`
    /// throws.
    static func with<T>(_ body: (RunningHealthd) async throws -> T) async throws -> T {
        let daemon = try await start()
        do {
            let result = try await body(daemon)
            await daemon.stop()
            return result
        } catch {
            await daemon.stop()
            throw error
        }
    }

    private static func start() async throws -> RunningHealthd {
        let store = try TemporaryStore()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--store", store.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "no healthd at \(executable.path): build the package (swift build --build-tests) first")
        try process.run()
        let banner = await firstLine(of: output.fileHandleForReading)
        guard let range = banner.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression),
              let address = URL(string: String(banner[range]))
        else {
            let daemon = RunningHealthd(store: store, address: URL(fileURLWithPath: "/"), process: process)
            await daemon.stop()
            throw HealthdError("healthd printed no address: \(banner)")
        }
        return RunningHealthd(store: store, address: address, process: process)
    }

    /// SIGTERM, then waits for healthd to exit (SIGKILL after 20 s). The wait blocks a thread of its own, not one of
    /// Swift concurrency's.
    func stop() async {
        let process = process
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                if process.isRunning { process.terminate() }
                let deadline = Date().addingTimeInterval(20)
                while process.isRunning, Date() < deadline { usleep(20_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                continuation.resume()
            }.start()
        }
    }

    /// `hk arguments... --healthd <address> --store <store>`, with no owner setting from the test's environment.
    func hk(_ arguments: [String], environment: [String: String?] = [:]) async throws -> HKProcess.Result {
        try await HKProcess.run(arguments + ["--healthd", address.absoluteString, "--store", store.path], environment: Self.clean.merging(environment) { $1 })
    }

    /// Runs an `hk` command that must succeed; returns its stdout.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await hk(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `hk arguments... --format json` parsed as an array of objects.
    func records(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
        let output = try await succeed(arguments + ["--format", "json"], sourceLocation: sourceLocation)
        return try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// The owner secret healthd made next to its store.
    var ownerSecret: String {
        get throws {
            try String(contentsOfFile: store.path + ".owner-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// What healthd answered to one raw HTTP call.
    struct Answer: Sendable {
        let status: Int
        let body: Data

        /// The body as a JSON object.
        var object: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    }

    /// One raw HTTP call to healthd, with a JSON body when `json` is given.
    func call(
        _ method: String, _ path: String, bearer: String, json: (any Encodable & Sendable)? = nil, timeout: TimeInterval = 60
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: path, relativeTo: address)!.absoluteURL, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        if let json {
            request.httpBody = try JSONEncoder().encode(json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    return continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
                continuation.resume(returning: Answer(status: response.statusCode, body: data ?? Data()))
            }.resume()
        }
    }

    /// The environment variables that would otherwise choose another healthd, store or secret.
    private static let clean: [String: String?] = ["OPENHEALTHKIT_HEALTHD": nil, "OPENHEALTHKIT_OWNER_SECRET": nil, "OPENHEALTHKIT_STORE": nil]

    /// The first line healthd prints (where it listens); then keeps reading, so that healthd never blocks on a full
    /// pipe. The reads block a thread of their own.
    private static func firstLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                var text = ""
                var resumed = false
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    guard !resumed else { continue }
                    text += String(decoding: data, as: UTF8.self)
                    if let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first {
                        continuation.resume(returning: String(line))
                        resumed = true
                    }
                }
                if !resumed { continuation.resume(returning: text) }
            }.start()
        }
    }

    /// `healthd` next to `hk` (SwiftPM builds both into `.build/<triple>/<configuration>/`).
    static let executable = HKProcess.executable.deletingLastPathComponent().appendingPathComponent("healthd")
}

struct HealthdError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
