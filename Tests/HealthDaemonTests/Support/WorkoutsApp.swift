import Foundation
import OpenHealthKit
import OpenHealthKitTesting

/// The Workouts example app (Examples/Workouts) running as a process of its own: its output a line at a time as it
/// prints it, a line of input, its exit.
final class WorkoutsApp: Sendable {
    private let process: ChildProcess
    private let input: Pipe
    private let lines = Inbox<String>()
    private let errors = Locked("")

    /// Starts `Workouts arguments...` with `environment` added to the tests' pinned one.
    init(_ arguments: [String], environment: [String: String]) throws {
        input = Pipe()
        let output = Pipe(), errorOutput = Pipe()
        process = try ChildProcess(
            BuiltExecutable.url("Workouts"), arguments,
            environment: PinnedEnvironment.variables(environment.mapValues { $0 }),
            input: input, output: output, errors: errorOutput)
        Self.read(output) { [lines] in lines.post($0) }
        Self.read(errorOutput) { [errors] line in errors.withLock { $0 += line + "\n" } }
    }

    /// The next line it prints that starts with `prefix` (earlier lines are passed over).
    func line(startingWith prefix: String) async throws -> String {
        while true {
            let line = try await lines.next()
            if line.hasPrefix(prefix) { return line }
        }
    }

    /// Writes a line to its input.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Its exit status, waiting for it; and what it printed on standard error.
    func exitStatus() async -> (status: Int32, errors: String) {
        (await process.ended().status, errors.withLock { $0 })
    }

    /// Reads `handle` on a thread of its own, a line at a time, until its end.
    private static func read(_ pipe: Pipe, line: @escaping @Sendable (String) -> Void) {
        let handle = pipe.fileHandleForReading
        Thread {
            var pending = ""
            while true {
                let data = PipeRead.next(handle.fileDescriptor)
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let end = pending.firstIndex(of: "\n") {
                    line(String(pending[..<end]))
                    pending = String(pending[pending.index(after: end)...])
                }
            }
            if !pending.isEmpty { line(pending) }
        }.start()
    }
}
