import Foundation

/// Runs the built `healthd` executable, the way people run it.
enum HealthdProcess {
    struct Launched {
        let process: Process
        let address: URL
        /// What healthd printed first: the address, and the owner secret on a first start.
        let firstLines: String
    }

    /// Starts healthd and waits until it printed where it listens.
    static func launch(arguments: [String]) async throws -> Launched {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = try await firstLines(of: output.fileHandleForReading)
        guard let range = lines.range(of: #"http://[0-9.]+:[0-9]+"#, options: .regularExpression), let address = URL(string: String(lines[range]))
        else {
            process.terminate()
            throw HarnessError("healthd printed no address: \(lines)")
        }
        return Launched(process: process, address: address, firstLines: lines)
    }

    /// SIGTERM, then waits for the exit (healthd shuts down gracefully).
    static func terminate(_ process: Process) async throws {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Reads until the output holds a complete line mentioning the address (blocking reads, off the test's threads).
    private static func firstLines(of handle: FileHandle) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
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

    /// `healthd` next to the test runner (SwiftPM puts both in `.build/<triple>/<configuration>/`), else
    /// `.build/debug/healthd`.
    static let executable: URL = {
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
