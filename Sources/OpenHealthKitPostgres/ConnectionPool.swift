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
final class ConnectionPool: @unchecked Sendable {
    let capacity: Int
    private let configuration: PostgresConnection.Configuration
    private let group: any EventLoopGroup
    private let logger: Logger
    private let prepare: (Session) throws -> Void
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var idle: [GuardedConnection] = []
    /// Connections open or being opened.
    private var count = 0
    private var nextID = 0
    private var isClosed = false

    init(address: PostgreSQLAddress, capacity: Int, logger: Logger, prepare: @escaping (Session) throws -> Void) {
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(10)
        self.configuration = configuration
        self.capacity = capacity
        self.logger = logger
        self.prepare = prepare
        group = MultiThreadedEventLoopGroup.singleton
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
            checkIn(connection, reusable: !session.isBroken && !(translated is StorageUnavailableError))
            throw translated
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

    /// A new connection outside the pool (the commit listener's), without waiting.
    func connect() -> EventLoopFuture<PostgresConnection> {
        let id = condition.withLock {
            nextID += 1
            return nextID
        }
        return PostgresConnection.connect(on: group.next(), configuration: configuration, id: id, logger: logger)
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
        nextID += 1
        let id = nextID
        condition.unlock()
        let connection: GuardedConnection
        do {
            connection = GuardedConnection(
                try PostgresConnection.connect(on: group.next(), configuration: configuration, id: id, logger: logger)
                    .wait())
        } catch {
            release()
            // Whatever stops a connection (refused, timed out, the password or database refused) leaves the store
            // out of reach: the caller answers "try again", and the reason goes to the log.
            throw StorageUnavailableError(Self.reason(PostgresFailure.translate(error)))
        }
        do {
            try prepare(Session(connection: connection, logger: logger))
            return connection
        } catch {
            connection.closeInBackground()
            release()
            throw PostgresFailure.translate(error)
        }
    }

    private func checkIn(_ connection: GuardedConnection, reusable: Bool) {
        condition.lock()
        if reusable, !isClosed, !connection.isClosed {
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

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as StorageUnavailableError: return error.reason
        case let error as PostgresFailure: return error.description
        case let error as PSQLError: return "cannot connect to PostgreSQL (\(error.code))"
        default: return "cannot connect to PostgreSQL (\(String(describing: type(of: error))))"
        }
    }
}
