public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A process a test or a benchmark starts (healthd, hk, the example apps, the PostgreSQL tools, curl): the one way
/// they start one.
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` to close the test process's descriptors in
/// the child, copying each entry's whole 256-byte name buffer, past the end of the short last entries; with about a
/// thousand descriptors open (the daemon suite's connections and stores) the copy ran off the end of a mapping and
/// crashed the test process (`__memmove_avx_unaligned_erms` in `Process.run()`). Here the child gets its three
/// standard streams and nothing else of the test process (every descriptor above stderr is closed in the child by
/// `posix_spawn` itself), with default signal handling, and its exit is awaited on a thread of its own.
public final class ChildProcess: Sendable {
    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)

        /// How `waitpid` described the end (`status`).
        public init(waitStatus status: Int32) {
            self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
        }

        /// The status as shells give it: the exit status, or 128 + the signal.
        public var status: Int32 {
            switch self {
            case .exited(let status): return status
            case .signaled(let signal): return 128 + signal
            }
        }
    }

    /// The child's process identifier.
    public let processIdentifier: pid_t
    /// What the command line was, for messages and tests: the executable, then the arguments.
    public let commandLine: [String]
    private let state = Protected<(ended: Termination?, waiters: [CheckedContinuation<Termination, Never>])>((nil, []))

    /// Starts `executable` with `arguments` and exactly `environment`. Standard input reads from `input`'s read end,
    /// output and errors go to the write ends of `output` and `errors` (the same pipe may be both); each left out is
    /// `/dev/null`. The ends the child uses are closed here once it started.
    public init(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String], input: Pipe? = nil,
        output: Pipe? = nil, errors: Pipe? = nil
    ) throws {
        commandLine = [executable.path] + arguments
        let childEnds = [input?.fileHandleForReading, output?.fileHandleForWriting, errors?.fileHandleForWriting]
        processIdentifier = try Self.spawn(
            commandLine, environment: environment, streams: childEnds.map { $0?.fileDescriptor })
        // The child holds its own copies: a reader sees the end once the child (not this process) closes them. Closed
        // through their handles, which would otherwise close the numbers again later, whatever they then are.
        var closed = Set<ObjectIdentifier>()
        for handle in childEnds.compactMap({ $0 }) where closed.insert(ObjectIdentifier(handle)).inserted {
            try? handle.close()
        }
        let id = processIdentifier
        Thread { [state] in
            // Waits without reaping, so that `signal(_:)` never reaches another process given the same identifier.
            var info = siginfo_t()
            while waitid(P_PID, id_t(id), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
            let (ended, waiters) = state.withLock { state in
                var status: Int32 = 0
                while waitpid(id, &status, 0) == -1 && errno == EINTR {}
                let ended = Termination(waitStatus: status)
                state.ended = ended
                defer { state.waiters.removeAll() }
                return (ended, state.waiters)
            }
            waiters.forEach { $0.resume(returning: ended) }
        }.start()
    }

    /// How it ended, once it has; nil while it runs.
    public var termination: Termination? { state.withLock { $0.ended } }

    /// Waits until it ended; SIGKILL if it has not after ``SafetyTimeout/duration`` (only a guard against a hang: its
    /// termination then says so).
    public func ended() async -> Termination {
        let guardKill = Task { [self] in
            try await Task.sleep(for: SafetyTimeout.duration)
            self.signal(SIGKILL)
        }
        defer { guardKill.cancel() }
        return await withCheckedContinuation { continuation in
            let ended = state.withLock { state in
                if state.ended == nil { state.waiters.append(continuation) }
                return state.ended
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    /// Sends `signal` unless it already ended.
    public func signal(_ signal: Int32) {
        state.withLock { state in
            if state.ended == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Sends `signal`, then waits until it ended (``ended()``).
    @discardableResult
    public func stop(_ signal: Int32) async -> Termination {
        self.signal(signal)
        return await ended()
    }

    /// `posix_spawn`s `commandLine` (the executable's path first) with `environment`; `streams` are the descriptors to
    /// give it as 0, 1 and 2 (nil: `/dev/null`). Every other descriptor is closed in the child, and it starts with
    /// default signal handling. The caller waits for it (`waitpid`, or `wait4` for its resource usage).
    public static func spawn(_ commandLine: [String], environment: [String: String], streams: [Int32?]) throws -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in streams.enumerated() {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
            } else {
                posix_spawn_file_actions_addopen(
                    &actions, Int32(target), "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        guard closeFrom(&actions, 3) == 0 else {
            throw ChildProcessError("cannot start \(commandLine[0]): no closefrom")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = commandLine.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, commandLine[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw ChildProcessError("cannot start \(commandLine[0]): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its Swift module does not show.
    private static let closeFrom: CloseFrom = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return { _, _ in -1 } }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()
}

/// A child process could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}
