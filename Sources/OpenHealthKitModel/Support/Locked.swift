import Foundation

/// A value guarded by a lock, for the few pieces of shared mutable state (subscriptions, query state).
/// A function it keeps is a ``SendableFunction``, never a bare function type (which each `withLock` would wrap once more).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    @discardableResult
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
