import Foundation

/// A value behind a lock, for state a test shares with other threads (handlers, answerers; `Mutex` needs macOS 15).
public final class Protected<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// A lock around `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` on the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
