package import OpenHealthKitModel

/// A test seam: sees the text of every statement a session acting for a user sends (a storage's, never a
/// migration's or an account's), before it is sent; never its values, which travel as binds. The shard-readiness test (issue 18) records them through a whole
/// behavioural suite and checks that each statement on a user table filters by the user id, so that Citus can route
/// it to one shard. Unset (the default) it costs a lock per statement.
package enum StatementObserver {
    private static let observer = Locked<SendableFunction<String, Void>?>(nil)

    /// Calls `observe` with every statement's text from now on, on the thread that sends it; nil stops.
    package static func set(_ observe: (@Sendable (String) -> Void)?) {
        observer.withLock { $0 = observe.map(SendableFunction.init) }
    }

    static func sending(_ sql: String) {
        observer.withLock { $0 }?.call(sql)
    }
}
