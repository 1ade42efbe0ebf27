import OpenHealthKitEngine
import OpenHealthKitModel

/// The one listening connection of this process to a database (``CommitListener`` on every channel OpenHealthKit
/// uses), shared by every watch of it: each storage's watch of other commits and healthd's ``DaemonNotifications``.
/// A healthd serving many users holds one listening connection, not one per user.
///
/// Made on the first subscription (``shared(_:)``), it closes its connection once no subscription holds it. A
/// subscriber hears the notifications of its channels, and `onListening` whenever the connection starts listening
/// again after it was lost, and once when it subscribes (it may have missed what came before: it looks for itself).
final class NotificationHub: Sendable {
    /// Every channel: commits, accounts, healthd's events.
    static let channels = [
        CommitListener.channel, DaemonNotifications.accountsChannel, DaemonNotifications.daemonChannel,
    ]

    /// What holds a subscription: the hub stays while one exists; ``cancel()`` ends it.
    final class Subscription: Sendable {
        private let hub: NotificationHub
        private let id: UInt64

        fileprivate init(hub: NotificationHub, id: UInt64) {
            self.hub = hub
            self.id = id
        }

        /// Hears nothing more.
        func cancel() {
            hub.subscribers.withLock { $0.byID[id] = nil }
        }

        deinit { cancel() }
    }

    private struct Subscriber {
        let channels: Set<String>
        let onNotification: @Sendable (_ channel: String, _ payload: String) -> Void
        let onListening: @Sendable () -> Void
    }

    private let listener: CommitListener
    private let subscribers: Locked<(byID: [UInt64: Subscriber], next: UInt64, started: Bool)>

    private init(address: PostgreSQLAddress) {
        // A connection of its own, as the login role (a listener reads no table). It migrates nothing beyond the
        // first version: the storages that use the database bring it up to the version they were asked for.
        let database = PostgresDatabase(
            address: address, connections: 1, migrateUpTo: Schema.migrations[0].name, assumesDaemonRole: false)
        let subscribers = Locked<(byID: [UInt64: Subscriber], next: UInt64, started: Bool)>(([:], 0, false))
        self.subscribers = subscribers
        listener = CommitListener(
            channels: Self.channels, connect: { database.pool.connect() },
            onNotification: { channel, payload in
                for subscriber in subscribers.withLock({ Array($0.byID.values) })
                where subscriber.channels.contains(channel) {
                    subscriber.onNotification(channel, payload)
                }
            },
            onListening: {
                for subscriber in subscribers.withLock({ Array($0.byID.values) }) { subscriber.onListening() }
            })
    }

    deinit {
        listener.stop()
    }

    private static let registry = Locked<[PostgreSQLAddress: WeakHub]>([:])

    /// The process's hub of the database at `address`, made on first use.
    static func shared(_ address: PostgreSQLAddress) -> NotificationHub {
        registry.withLock { hubs in
            if let hub = hubs[address]?.hub { return hub }
            hubs = hubs.filter { $0.value.hub != nil }
            let hub = NotificationHub(address: address)
            hubs[address] = WeakHub(hub: hub)
            return hub
        }
    }

    /// Hears `channels` from now on. The first subscription starts listening and returns once the first attempt
    /// succeeded or failed (then it retries every second); a later one returns at once. `onListening` is called
    /// once now (or, for the first, when it listens) and after every reconnection.
    func subscribe(
        channels: Set<String>, onNotification: @escaping @Sendable (_ channel: String, _ payload: String) -> Void,
        onListening: @escaping @Sendable () -> Void
    ) -> Subscription {
        let (id, starts) = subscribers.withLock { state -> (UInt64, Bool) in
            let id = state.next
            state.next += 1
            state.byID[id] = Subscriber(channels: channels, onNotification: onNotification, onListening: onListening)
            defer { state.started = true }
            return (id, !state.started)
        }
        let subscription = Subscription(hub: self, id: id)
        if starts { listener.start() } else { onListening() }
        return subscription
    }
}

private struct WeakHub {
    weak var hub: NotificationHub?
}
