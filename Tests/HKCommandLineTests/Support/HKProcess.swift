import Foundation

/// Runs the built `hk` executable as a subprocess, the way people and scripts run it.
enum HKProcess {
    /// What one run printed and how it exited.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// stderr's lines (without the final newline).
        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    /// Runs `hk arguments...` with the test's environment plus `environment` (a nil value removes a variable).
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // hk's stderr is a line or a help screen, far below a pipe's buffer, so reading stdout first cannot deadlock.
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }

    /// `hk` next to the test runner (SwiftPM puts both in `.build/<triple>/<configuration>/`), else `.build/debug/hk`.
    static let executable: URL = {
        let runner = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            runner.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("hk"),
            repository.appendingPathComponent(".build/debug/hk"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }()
}
