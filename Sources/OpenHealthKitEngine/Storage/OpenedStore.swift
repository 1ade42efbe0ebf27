/// A store as it opens: its engine, and what else its storage does, found once when the store opens (where its
/// kind is known), so that nothing is found later by a cast.
package struct OpenedStore: Sendable {
    /// The engine on the store's storage.
    package let engine: HealthEngine
    /// The records several healthd instances on one database share (PostgreSQL); nil for a store one process owns
    /// (SQLite), whose healthd keeps those things in memory.
    package let shared: (any SharedDaemonRecords)?

    /// A store's engine and its shared records, if any.
    package init(engine: HealthEngine, shared: (any SharedDaemonRecords)?) {
        self.engine = engine
        self.shared = shared
    }
}

/// The people of a database that serves many (PostgreSQL; `hk users`), as healthd needs them: who exists, whose
/// name and secret match, each one's store, and the events other processes announce. Every method may block.
package protocol StoreDirectory: Sendable {
    /// The id of the user named `name` if `secret` is theirs; nil for an unknown name, a user without a secret and a
    /// wrong secret alike, in the same time.
    func verify(name: String, secret: String) throws -> Int64?

    /// The ids of every user.
    func userIDs() throws -> Set<Int64>

    /// The records of `user` that every healthd on the database shares (their web sessions, announcements).
    func sharedRecords(of user: Int64) throws -> any SharedDaemonRecords

    /// A watch, not started, of users removed (`onRemoved`) and of the events processes announce about a user's
    /// records (`onEvent`); `onListening` is called each time the watch (re)starts listening, having possibly missed
    /// some.
    func watch(
        onRemoved: @escaping @Sendable (Int64) -> Void, onEvent: @escaping @Sendable (Int64, DaemonEvent) -> Void,
        onListening: @escaping @Sendable () -> Void
    ) -> any StoreWatch
}

/// A watch of a database's announcements (``StoreDirectory/watch(onRemoved:onEvent:onListening:)``).
package protocol StoreWatch: Sendable {
    /// Starts listening, and keeps listening through the database's outages.
    func start()
    /// Stops for good.
    func stop()
}
