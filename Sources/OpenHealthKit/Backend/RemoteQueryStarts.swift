import Foundation

/// Orders this process's writes to healthd after the long-running queries it started before them.
///
/// `execute` returns at once, while the query still has to ask healthd for the anchor its change stream follows
/// from. A sample saved right after `execute` could commit before that anchor and go unreported; so a write waits
/// until every query started before it knows its anchor. Process-wide, because an app may save through another
/// `HKHealthStore` than the one running the query.
enum RemoteQueryStarts {
    private static let state = Locked<(next: Int, starting: Set<Int>)>((0, []))
    private static let condition = NSCondition()

    /// A query starts: writes that begin from now on wait for ``end(_:)``.
    static func begin() -> Int {
        state.withLock { state in
            defer { state.next += 1 }
            state.starting.insert(state.next)
            return state.next
        }
    }

    /// The query knows its starting anchor (or failed to learn it).
    static func end(_ ticket: Int) {
        condition.lock()
        state.withLock { _ = $0.starting.remove(ticket) }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the queries started before this call know their anchors.
    static func waitForEarlierStarts() {
        let earlier = state.withLock { $0.starting }
        guard !earlier.isEmpty else { return }
        condition.lock()
        while !state.withLock({ $0.starting.isDisjoint(with: earlier) }) { condition.wait() }
        condition.unlock()
    }
}
