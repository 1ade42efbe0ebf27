import Foundation
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// The built `healthd` executable on a temporary store and a free port, as people run it, with a second
/// connection to the same database to arrange data and read it back (as `hk` would). A separate process keeps
/// healthd's work off this process's threads, which the package's timing-sensitive tests share.
struct TestDaemon: Sendable {
    let directory: URL
    let process: Process
    let address: URL
    let ownerSecret: String
    let engine: HealthEngine

    /// `arguments` are added to healthd's (`--max-upload-size 2k`); `prepare` gets the store's path before healthd
    /// starts on it.
    static func start(arguments: [String] = [], prepare: (_ store: String) throws -> Void = { _ in }) async throws -> TestDaemon {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("healthweb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = directory.appendingPathComponent("health.sqlite").path
        try prepare(store)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", "0", "--store", store] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = await firstLine(of: output.fileHandleForReading)
        guard let range = printed.range(of: #"http://[0-9.]+:[0-9]+"#, options: .regularExpression),
              let address = URL(string: String(printed[range]))
        else {
            process.terminate()
            throw TestFailure("healthd printed no address: \(printed)")
        }
        let secret = try String(contentsOfFile: store + ".owner-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return TestDaemon(
            directory: directory, process: process, address: address, ownerSecret: secret,
            engine: HealthEngine(storage: try SQLiteStorage(path: store)))
    }

    /// SIGTERM, then waits for healthd to exit.
    func stop() async throws {
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
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

    /// Reads until healthd printed its address (blocking reads, on a thread of their own).
    private static func firstLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var text = ""
                while !text.contains("http://") || !text.hasSuffix("\n") {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                }
                continuation.resume(returning: text)
            }
        }
    }

    /// `healthd` next to the test runner (SwiftPM builds both into the same folder), else `.build/debug/healthd`.
    private static let executable: URL = {
        let runner = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            runner.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("healthd"),
            repository.appendingPathComponent(".build/debug/healthd"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }()
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
