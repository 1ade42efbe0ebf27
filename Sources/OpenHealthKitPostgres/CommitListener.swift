import Foundation
import Logging
import NIOCore
import OpenHealthKitModel
import PostgresNIO

/// A connection of its own that `LISTEN`s to channels of the database (`NOTIFY` is delivered only once its
/// transaction committed) and hands each notification's channel and payload on: the commits of every storage
/// (``channel``), or the removals of users and healthd's events (``DaemonNotifications``, two channels on one
/// connection). It reconnects by itself, a second after losing its connection; each
/// time it listens again it says so, since notifications sent meanwhile are lost.
///
/// Everything runs on the connection's event loop through futures: nothing here blocks, except ``start()``, which
/// waits for the first attempt so that a watch started on a reachable database hears every commit after it.
final class CommitListener: Sendable {
    /// The storages' channel: every transaction that changes a user's data notifies it.
    static let channel = "openhealthkit_commits"

    private let listened: [String]
    private let connect: @Sendable () -> EventLoopFuture<PostgresConnection>
    private let onNotification: @Sendable (_ channel: String, _ payload: String) -> Void
    private let onListening: @Sendable () -> Void
    private let state = Locked<(connection: PostgresConnection?, stopped: Bool)>((nil, false))

    /// A listener to `channels` that opens its connection with `connect`, passes each notification's channel and
    /// payload to `onNotification`, and calls `onListening` whenever it starts listening (again).
    init(
        channels: [String] = [CommitListener.channel],
        connect: @escaping @Sendable () -> EventLoopFuture<PostgresConnection>,
        onNotification: @escaping @Sendable (_ channel: String, _ payload: String) -> Void,
        onListening: @escaping @Sendable () -> Void
    ) {
        listened = channels
        self.connect = connect
        self.onNotification = onNotification
        self.onListening = onListening
    }

    /// Starts listening; returns once the first attempt succeeded or failed (then it retries in the background).
    func start() {
        _ = try? attempt().wait()
    }

    /// Stops listening and closes the connection.
    func stop() {
        let connection = state.withLock { state -> PostgresConnection? in
            state.stopped = true
            defer { state.connection = nil }
            return state.connection
        }
        connection?.close().whenComplete { [connection] _ in withExtendedLifetime(connection) {} }
    }

    /// One attempt: connect, listen, and from then on retry whenever the connection closes. A failure to connect
    /// retries too; a failure after connecting closes the connection, which retries.
    private func attempt() -> EventLoopFuture<Void> {
        let connecting = connect()
        connecting.whenFailure { [self] _ in retryLater(on: connecting.eventLoop) }
        return connecting.flatMap { [self] connection -> EventLoopFuture<Void> in
            let kept = state.withLock { state in
                guard !state.stopped else { return false }
                state.connection = connection
                return true
            }
            guard kept else { return connection.close().map { withExtendedLifetime(connection) {} } }
            for channel in listened {
                connection.addListener(channel: channel) { [onNotification] _, notification in
                    onNotification(channel, notification.payload)
                }
            }
            connection.closeFuture.whenComplete { [self] _ in retryLater(on: connection.eventLoop) }
            // The listeners' LISTENs go first on the connection: once this answers, it is listening.
            return GuardedConnection(connection).query("SELECT 1", logger: PostgresStorage.logger).map {
                [onListening] _ in
                onListening()
            }.flatMapError { error in
                connection.close().flatMapThrowing {
                    withExtendedLifetime(connection) {}
                    throw error
                }
            }
        }
    }

    private func retryLater(on loop: any EventLoop) {
        let retry = state.withLock { state -> Bool in
            state.connection = nil
            return !state.stopped
        }
        guard retry else { return }
        loop.scheduleTask(in: .seconds(1)) { [self] in _ = attempt() }
    }
}
