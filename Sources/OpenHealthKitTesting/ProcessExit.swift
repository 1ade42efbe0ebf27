import Foundation

/// A process's exit as an event to wait on (its termination handler), so that stopping it waits exactly as long
/// as the process takes.
final class ProcessExit: Sendable {
    private let state = Protected<(exited: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Installs the termination handler: call before `process.run()`.
    init(_ process: Process) {
        process.terminationHandler = { [state] _ in
            let waiters = state.withLock { state in
                state.exited = true
                defer { state.waiters.removeAll() }
                return state.waiters
            }
            waiters.forEach { $0.resume() }
        }
    }

    /// Sends `signal` unless the process exited, then waits for the exit; SIGKILL if it has not exited after
    /// ``SafetyTimeout/duration``.
    func stop(_ process: Process, signal: Int32) async {
        let pid = process.processIdentifier
        if !state.withLock({ $0.exited }) { Foundation.kill(pid, signal) }
        let guardKill = Task {
            try await Task.sleep(for: SafetyTimeout.duration)
            Foundation.kill(pid, SIGKILL)
        }
        await withCheckedContinuation { continuation in
            let exited = state.withLock { state in
                if !state.exited { state.waiters.append(continuation) }
                return state.exited
            }
            if exited { continuation.resume() }
        }
        guardKill.cancel()
        // Lets go of the Process and its file descriptors (they otherwise pile up in swift-corelibs-foundation).
        process.waitUntilExit()
    }
}
