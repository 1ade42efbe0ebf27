import Logging
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// A connection whose statement fails when the connection closes under it.
///
/// postgres-nio hands a statement to the connection's channel and returns a future completed by the channel's
/// handler; a statement sent just as the server dropped the connection reaches no handler, and its future is never
/// completed. A caller waiting for it (this storage's callers block) would wait forever. So each connection gets one
/// close callback, which fails the statements in flight (a checked-out connection sends one list at a time).
final class GuardedConnection: Sendable {
    let connection: PostgresConnection
    /// The pool's generation when the connection was made (``ConnectionPool``: an older one is not reused).
    let generation: Int
    private let inFlight = Locked<EventLoopPromise<[Result<PostgresQueryResult, any Error>]>?>(nil)
    /// The key `openhealthkit_open_session()` gave this connection when it opened (``Session/openBinding()``),
    /// which binds its transactions to their user; nil on a database older than `SchemaMigration.usersBoundByTheDatabase`.
    let bindingKey = Locked<String?>(nil)

    init(_ connection: PostgresConnection, generation: Int = 0) {
        self.connection = connection
        self.generation = generation
        connection.closeFuture.whenComplete { [inFlight] _ in
            inFlight.withLock { $0 }?.fail(Self.lost)
        }
    }

    var isClosed: Bool { connection.isClosed }

    private static var lost: StorageUnavailableError {
        StorageUnavailableError("the connection to PostgreSQL was lost")
    }

    /// Runs one statement; its result, or an error once the connection closed.
    func query(_ query: PostgresQuery, logger: Logger) -> EventLoopFuture<PostgresQueryResult> {
        queries([query], logger: logger).flatMapThrowing { try $0[0].get() }
    }

    /// Sends `queries` one after another without waiting (postgres-nio queues them on the connection, which answers
    /// them in order) and completes with each one's result once the last is answered, or fails once the connection
    /// closed.
    func queries(_ queries: [PostgresQuery], logger: Logger)
        -> EventLoopFuture<[Result<PostgresQueryResult, any Error>]>
    {
        let promise = connection.eventLoop.makePromise(of: [Result<PostgresQueryResult, any Error>].self)
        // In flight first, then the check: a close after this point fails the promise, one before it is seen here.
        inFlight.withLock { $0 = promise }
        if connection.isClosed {
            promise.fail(Self.lost)
        } else {
            let futures = queries.map { connection.query($0, logger: logger) }
            EventLoopFuture.whenAllComplete(futures, on: connection.eventLoop).cascade(to: promise)
        }
        return promise.futureResult.always { [inFlight] _ in
            inFlight.withLock { current in if current?.futureResult === promise.futureResult { current = nil } }
        }
    }

    /// Closes the connection without waiting, keeping it alive until it is closed (postgres-nio requires a connection
    /// to be closed before it is released).
    func closeInBackground() {
        connection.close().whenComplete { [connection] _ in withExtendedLifetime(connection) {} }
    }
}
