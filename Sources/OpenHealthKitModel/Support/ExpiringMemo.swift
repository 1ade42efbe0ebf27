package import Foundation

/// Results remembered for a while: what is costly to compute and safe to reuse for `lifetime` (a verified secret, a
/// verified credential). At most `capacity` are kept; when full, the memo starts over, which is simpler than an
/// eviction order and costs only the computations again.
package final class ExpiringMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How long a result is remembered.
    package let lifetime: TimeInterval
    /// The most results remembered.
    package let capacity: Int
    private let entries = Locked<[Key: (value: Value, until: Date)]>([:])

    package init(lifetime: TimeInterval, capacity: Int) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The result remembered for `key` less than ``lifetime`` before `now`, if any.
    package func value(for key: Key, now: Date) -> Value? {
        guard let entry = entries.withLock({ $0[key] }), entry.until > now else { return nil }
        return entry.value
    }

    /// Remembers `value` for `key` from `now` for ``lifetime``.
    package func remember(_ value: Value, for key: Key, now: Date) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = (value, now.addingTimeInterval(lifetime))
        }
    }
}
