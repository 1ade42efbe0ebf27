import Foundation
import OpenHealthKitTesting

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

    /// Runs `hk arguments...` with the test's environment (its locale and time zone pinned) plus `environment` (a nil
    /// value removes a variable).
    static func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> Result {
        let output = Pipe(), errors = Pipe()
        let process = try ChildProcess(
            executable, arguments, environment: PinnedEnvironment.variables(environment), output: output, errors: errors
        )
        // Both pipes drain at once, so that neither can fill up and stall hk while the other is read.
        async let stdout = PipeRead.toEnd(of: output)
        async let stderr = PipeRead.toEnd(of: errors)
        return await Result(
            status: process.ended().status,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }

    /// The built `hk`.
    static var executable: URL { BuiltExecutable.url("hk") }
}
