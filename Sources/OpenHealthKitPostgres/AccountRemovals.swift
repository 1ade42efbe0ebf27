package import OpenHealthKitEngine
import PostgresNIO

/// Hearing at once that a user was removed (``PostgresAccounts/remove(name:)``, `hk users remove`), by whichever
/// process removed them, through PostgreSQL's `LISTEN`/`NOTIFY`: the removal's transaction notifies
/// `openhealthkit_users` with `removed <id>`, which PostgreSQL delivers only once that transaction committed, so a
/// listener never hears of a removal that was rolled back.
///
/// A notification sent while the listener had lost its connection is not kept for it: each time the listener
/// listens (again) it calls `onListening`, and the caller looks for itself (healthd checks which of the users it has
/// open still exist). The channel carries one kind of event today; its payloads start with the event's name so that
/// other account events can share it.
package final class AccountRemovals: Sendable {
    /// The accounts' channel.
    static let channel = "openhealthkit_users"
    private let listener: CommitListener

    /// A watch of the database at `address` that calls `onRemoved` with each removed user's id (on an event loop:
    /// hand blocking work on), and `onListening` whenever it starts listening (again). Nothing happens before
    /// ``start()``.
    package init(
        address: PostgreSQLAddress, onRemoved: @escaping @Sendable (Int64) -> Void,
        onListening: @escaping @Sendable () -> Void
    ) {
        // A connection of its own, as the login role (a listener reads no table), migrated by nobody.
        let database = PostgresDatabase(address: address, connections: 1, migrateUpTo: nil, assumesDaemonRole: false)
        listener = CommitListener(
            channel: Self.channel, connect: { database.pool.connect() },
            onNotification: { payload in
                let parts = payload.split(separator: " ")
                guard parts.count == 2, parts[0] == "removed", let id = Int64(parts[1]) else { return }
                onRemoved(id)
            }, onListening: onListening)
    }

    /// Starts listening; returns once the first attempt succeeded (then every later removal is heard) or failed
    /// (then it retries in the background, every second, and calls `onListening` once it listens).
    package func start() {
        listener.start()
    }

    /// Stops listening and closes the connection.
    package func stop() {
        listener.stop()
    }

    deinit {
        listener.stop()
    }

    /// Tells every listener that `user` is removed, once the session's transaction commits.
    static func notifyRemoved(_ user: Int64, _ session: Session) throws {
        var binds = Binds()
        let payload = binds.add("removed \(user)")
        try session.execute("SELECT pg_notify('\(channel)', \(payload))", binds.bindings)
    }
}
