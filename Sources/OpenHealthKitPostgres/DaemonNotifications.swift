package import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// What healthd hears from the other processes on its database, on the process's one listening connection
/// (``NotificationHub``): the removals of users (`hk users remove`, ``PostgresAccounts/remove(name:)``,
/// channel `openhealthkit_users`, payload `removed <id>`) and the events of other healthd instances about a user's
/// records (``SharedDaemonRecords/announce(_:)``, channel `openhealthkit_daemon`, payload `<user id> <event>`).
/// PostgreSQL delivers a notification only once its transaction committed, so a listener never hears of a change
/// that was rolled back, and an announcement made after a write finds that write.
///
/// A notification sent while the listener had lost its connection is not kept for it: each time the listener
/// listens (again) it calls `onListening`, and the caller looks for itself (healthd checks which of the users it has
/// open still exist, and reads their records again).
package final class DaemonNotifications: StoreWatch {
    /// The accounts' channel.
    static let accountsChannel = "openhealthkit_users"
    /// healthd's channel.
    static let daemonChannel = "openhealthkit_daemon"
    private let hub: NotificationHub
    private let onRemoved: @Sendable (Int64) -> Void
    private let onEvent: @Sendable (Int64, DaemonEvent) -> Void
    private let onListening: @Sendable () -> Void
    private let subscription = Locked<NotificationHub.Subscription?>(nil)

    /// A watch of the database at `address` that calls `onRemoved` with each removed user's id, `onEvent` with each
    /// event of a user's records, and `onListening` whenever it starts listening (again); all on an event loop, so
    /// hand blocking work on. Nothing happens before ``start()``.
    package init(
        address: PostgreSQLAddress, onRemoved: @escaping @Sendable (Int64) -> Void,
        onEvent: @escaping @Sendable (Int64, DaemonEvent) -> Void, onListening: @escaping @Sendable () -> Void
    ) {
        hub = NotificationHub.shared(address)
        self.onRemoved = onRemoved
        self.onEvent = onEvent
        self.onListening = onListening
    }

    /// Starts listening; returns once the first attempt succeeded (then every later notification is heard) or
    /// failed (then it retries in the background, every second, and calls `onListening` once it listens).
    package func start() {
        let made = hub.subscribe(
            channels: [Self.accountsChannel, Self.daemonChannel],
            onNotification: { [onRemoved, onEvent] channel, payload in
                let parts = payload.split(separator: " ", maxSplits: 1)
                guard parts.count == 2 else { return }
                if channel == Self.accountsChannel {
                    if parts[0] == "removed", let id = Int64(parts[1]) { onRemoved(id) }
                } else if let user = Int64(parts[0]), let event = DaemonEvent(payload: parts[1]) {
                    onEvent(user, event)
                }
            }, onListening: onListening)
        subscription.withLock { $0 = made }
    }

    /// Stops listening (the process's connection closes once nothing else listens).
    package func stop() {
        subscription.withLock { subscription in
            subscription?.cancel()
            subscription = nil
        }
    }

    /// Tells every listener that `user` is removed, once the session's transaction commits.
    static func notifyRemoved(_ user: Int64, _ session: Session) throws {
        try send("removed \(user)", on: accountsChannel, session)
    }

    /// Tells every listener that `event` happened to `user`'s records, once the session's transaction commits.
    static func notify(_ event: DaemonEvent, of user: Int64, _ session: Session) throws {
        try send("\(user) \(event.payload)", on: daemonChannel, session)
    }

    private static func send(_ payload: String, on channel: String, _ session: Session) throws {
        var binds = Binds()
        let payload = binds.add(payload)
        try session.execute("SELECT pg_notify('\(channel)', \(payload))", binds.bindings)
    }
}
