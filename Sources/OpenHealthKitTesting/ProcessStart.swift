public import Foundation

/// Starts processes one at a time in a test process.
///
/// swift-corelibs-foundation's `Process.run()` crashed twice on CI (a bad pointer in a `memcpy` inside `run()`) while
/// other threads of the test process were starting healthd, hk or the PostgreSQL tools. A start takes milliseconds
/// and the tests start a few hundred processes, so taking turns costs nothing measurable; what a started process
/// does afterwards is not serialized.
public enum ProcessStart {
    private static let lock = NSLock()

    /// Runs `process` (`Process.run()`), never while another start is under way.
    public static func run(_ process: Process) throws {
        try serialized { try process.run() }
    }

    /// Runs `start` (a `posix_spawn`), never while another start is under way.
    static func serialized<T>(_ start: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try start()
    }
}
