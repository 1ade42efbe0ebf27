import Foundation
import OpenHealthKitTesting
import Testing

/// The test support's ``ChildProcess``, the way every test starts healthd, hk, the example apps and the PostgreSQL
/// tools.
@Suite struct ChildProcessTests {
    @Test func aChildGetsItsThreeStreamsAndNoOtherDescriptorOfTheTestProcess() async throws {
        let stray = open("/dev/null", O_RDONLY)  // inheritable: no close-on-exec
        defer { close(stray) }
        let output = Pipe()
        let child = try ChildProcess(
            URL(fileURLWithPath: "/bin/ls"), ["-1", "/proc/self/fd"], environment: [:], output: output)
        let listed = String(decoding: PipeRead.toEnd(output.fileHandleForReading.fileDescriptor), as: UTF8.self)
        #expect(await child.ended() == .exited(0))
        // 0, 1 and 2, and the directory ls itself opened to list them.
        #expect(listed.split(separator: "\n") == ["0", "1", "2", "3"])
    }

    @Test func childrenStartWhileThousandsOfDescriptorsAreOpen() async throws {
        let open = (0..<3000).map { _ in Foundation.open("/dev/null", O_RDONLY | O_CLOEXEC) }
        defer { open.forEach { close($0) } }
        #expect(open.allSatisfy { $0 >= 0 })
        let endings = try await withThrowingTaskGroup(of: ChildProcess.Termination.self) { group in
            for _ in 0..<20 {
                let child = try ChildProcess(URL(fileURLWithPath: "/bin/true"), environment: [:])
                group.addTask { await child.ended() }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(endings == Array(repeating: .exited(0), count: 20))
    }

    @Test func theTerminationIsTheChildsOwnExitStatus() async throws {
        let child = try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 3"], environment: [:])
        let ended = await child.ended()
        #expect(ended == .exited(3))
        #expect(ended.status == 3)
        #expect(child.termination == .exited(3))
    }

    @Test func stopSignalsTheChildAndReturnsOnceItEnded() async throws {
        let child = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), ["600"], environment: [:])
        #expect(child.termination == nil)
        let ended = await child.stop(SIGTERM)
        #expect(ended == .signaled(SIGTERM))
        #expect(ended.status == 128 + SIGTERM)
        // Once it ended, a signal reaches no process.
        child.signal(SIGKILL)
        #expect(child.termination == .signaled(SIGTERM))
    }

    @Test func standardInputComesFromTheGivenPipe() async throws {
        let input = Pipe(), output = Pipe()
        let child = try ChildProcess(
            URL(fileURLWithPath: "/bin/cat"), environment: [:], input: input, output: output)
        input.fileHandleForWriting.write(Data("a line\n".utf8))
        try input.fileHandleForWriting.close()
        let echoed = String(decoding: PipeRead.toEnd(output.fileHandleForReading.fileDescriptor), as: UTF8.self)
        #expect(echoed == "a line\n")
        #expect(await child.ended() == .exited(0))
    }
}
