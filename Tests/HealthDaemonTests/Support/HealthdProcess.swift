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

    /// Starts healthd with everything it prints (standard output and error) going to `log`, and waits until it
    /// printed where it listens.
    static func launch(arguments: [String], log: URL) async throws -> Launched {
        if !FileManager.default.fileExists(atPath: log.path) { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: log)
        // Only what this run prints counts (the log may hold earlier runs).
        let offset = Int(try handle.seekToEnd())
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let text = String(decoding: ((try? Data(contentsOf: log)) ?? Data()).dropFirst(offset), as: UTF8.self)
            if let line = text.split(separator: "\n").last(where: { $0.contains("Health is at http://") }),
               let range = line.range(of: #"http://[0-9.]+:[0-9]+"#, options: .regularExpression), let address = URL(string: String(line[range])) {
                return Launched(process: process, address: address, firstLines: String(line))
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
        throw HarnessError("healthd printed no address: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    /// SIGKILL: healthd stops at once, in the middle of whatever it was doing.
    static func sigkill(_ process: Process) async throws {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
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
