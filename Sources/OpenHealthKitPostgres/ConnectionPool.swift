import Foundation
import Logging
import NIOCore
import NIOPosix
import OpenHealthKitEngine
import PostgresNIO

/// The storage's connections to PostgreSQL, for a synchronous seam: a caller's thread checks one out, runs its
/// statements on it (each blocking until its result arrives, see ``Session``) and checks it back in.
///
/// Connections are opened when first needed, so a storage can be made while the server is down; one that fails is
/// dropped, and the next call opens a new one, so the storage recovers by itself when the server returns. Up to
/// ``capacity`` connections are open at once; a caller beyond that waits for one to be checked in. Each new
/// connection is prepared once (``prepare``: migrations, then the daemon's role) before its first use.
///
/// Every connection goes to the server of the address's list that takes writes now (``PrimaryFinder``). When a
/// statement fails in a way that says that server changed (its connection lost, a write refused as read-only, the
/// server shutting down: ``PostgresFailure/meansServerChanged(_:)``), the pool forgets that server and every
/// connection it holds: idle ones are closed, checked-out ones are closed when checked in (they belong to an older
/// ``generation``), and the next connection looks for the primary again. The call that failed answers "not now"
/// (``StorageUnavailableError``); it is not retried here, since a write whose connection broke may have committed.
final class ConnectionPool: @unchecked Sendable {
    let capacity: Int
    private let finder: PrimaryFinder
    private let logger: Logger
    private let prepare: (Session) throws -> Void
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var idle: [GuardedConnection] = []
    /// Connections open or being opened.
    private var count = 0
    /// Bumped each time the pool forgets its server: a connection made before is not reused.
    private var generation = 0
    private var isClosed = false

    init(address: PostgreSQLAddress, capacity: Int, logger: Logger, prepare: @escaping (Session) throws -> Void) {
        finder = PrimaryFinder(address: address, group: MultiThreadedEventLoopGroup.singleton, logger: logger)
        self.capacity = capacity
        self.logger = logger
        self.prepare = prepare
    }

    /// Runs `body` on a connection, acting for `user` (see ``Session``). A connection whose statement failed because
    /// the server went away is closed rather than reused. Errors come out translated
    /// (``PostgresFailure/translate(_:)``).
    func withSession<T>(user: Int64?, _ body: (Session) throws -> T) throws -> T {
        let connection = try checkOut()
        let session = Session(connection: connection, logger: logger, user: user)
        do {
            let result = try body(session)
            checkIn(connection, reusable: !session.isBroken)
            return result
        } catch {
            let translated = PostgresFailure.translate(error)
            if session.lostServer { forgetServer() }
            checkIn(connection, reusable: !session.isBroken && !(translated is StorageUnavailableError))
            throw translated
        }
    }

    /// The server may no longer be the primary: closes the idle connections, marks the others for closing, and
    /// lets the next connection look for the primary again.
    private func forgetServer() {
        finder.forget()
        let connections = condition.withLock {
            generation += 1
            defer { idle = [] }
            return idle
        }
        for connection in connections {
            connection.closeInBackground()
            release()
        }
    }

    /// Closes every idle connection and refuses new work; connections checked out are closed when checked in.
    func close() {
        let connections = condition.withLock {
            isClosed = true
            defer { idle = [] }
            return idle
        }
        for connection in connections { connection.closeInBackground() }
    }

    /// A new connection outside the pool (the commit listener's), to the server the pool's connections go to
    /// (``PrimaryFinder``), without waiting.
    func connect() -> EventLoopFuture<PostgresConnection> {
        finder.connect()
    }

    private func checkOut() throws -> GuardedConnection {
        condition.lock()
        while true {
            if isClosed {
                condition.unlock()
                throw StorageUnavailableError("the storage is closed")
            }
            if let connection = idle.popLast() {
                condition.unlock()
                if connection.isClosed {
                    release()
                    return try checkOut()
                }
                return connection
            }
            if count < capacity { break }
            condition.wait()
        }
        count += 1
        let generation = self.generation
        condition.unlock()
        let connection: GuardedConnection
        do {
            connection = GuardedConnection(try finder.connect().wait(), generation: generation)
        } catch {
            release()
            // Whatever stops a connection (refused, timed out, the password or database refused, no server taking
            // writes) leaves the store out of reach: the caller answers "try again", and the reason goes to the log.
            throw StorageUnavailableError(PrimaryFinder.reason(error))
        }
        let session = Session(connection: connection, logger: logger)
        do {
            try prepare(session)
            return connection
        } catch {
            connection.closeInBackground()
            release()
            if session.lostServer { forgetServer() }
            throw PostgresFailure.translate(error)
        }
    }

    private func checkIn(_ connection: GuardedConnection, reusable: Bool) {
        condition.lock()
        if reusable, !isClosed, !connection.isClosed, connection.generation == generation {
            idle.append(connection)
            condition.signal()
            condition.unlock()
            return
        }
        condition.unlock()
        connection.closeInBackground()
        release()
    }

    /// A connection is gone: another may be opened.
    private func release() {
        condition.withLock {
            count -= 1
            condition.signal()
        }
    }
}
