import Logging
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// Finds the server of an address's list that takes writes now, the way libpq's `target_session_attrs` does: it
/// tries the servers in order, asks each one it reaches whether it fits (``PostgreSQLAddress/TargetSession``: read-write,
/// or not in recovery), and keeps the first that does, closing the others. Every new connection goes through it (the
/// pool's and the commit listeners', ``ConnectionPool/connect()``), so after a failover each finds the new primary.
///
/// It remembers the server it found last and tries that one first, so that while a cluster is healthy a connection
/// costs one attempt even when the primary is not first in the list; ``forget()`` drops it (the pool calls it when
/// a connection failed in a way that says the primary changed), and the next connection searches the whole list in
/// its order again. Nothing here blocks: the pool waits for the future off the event loops, a listener does not wait.
final class PrimaryFinder: Sendable {
    let address: PostgreSQLAddress
    private let configurations: [PostgresConnection.Configuration]
    private let group: any EventLoopGroup
    private let logger: Logger
    /// The index of the server found last, and how many connections were made (their ids).
    private let state = Locked<(primary: Int?, nextID: Int)>((nil, 0))

    init(address: PostgreSQLAddress, group: any EventLoopGroup, logger: Logger) {
        self.address = address
        self.group = group
        self.logger = logger
        configurations = address.servers.map { server in
            var configuration = PostgresConnection.Configuration(
                host: server.host, port: server.port, username: address.user, password: address.password,
                database: address.database, tls: .disable)
            configuration.options.connectTimeout = .seconds(10)
            return configuration
        }
    }

    /// Forgets the server found last: the next connection tries the list from its start.
    func forget() {
        state.withLock { $0.primary = nil }
    }

    /// A new connection to a server that fits, or the failure of the last server tried: a
    /// ``StorageUnavailableError`` naming each server and why it was passed over when none fits.
    func connect() -> EventLoopFuture<PostgresConnection> {
        let (first, id) = state.withLock { state -> (Int?, Int) in
            state.nextID += 1
            return (state.primary, state.nextID)
        }
        var order = Array(address.servers.indices)
        if let first, let position = order.firstIndex(of: first) { order.insert(order.remove(at: position), at: 0) }
        return attempt(order[...], id: id, reasons: [])
    }

    /// Tries `order`'s first server, then the rest.
    private func attempt(_ order: ArraySlice<Int>, id: Int, reasons: [String]) -> EventLoopFuture<PostgresConnection> {
        let loop = group.next()
        guard let index = order.first else {
            let list = reasons.joined(separator: "; ")
            return loop.makeFailedFuture(
                StorageUnavailableError(
                    address.servers.count == 1 ? list : "no server of \(address) takes writes now: \(list)"))
        }
        let server = address.servers[index]
        let next = { [self] (reason: String) in attempt(order.dropFirst(), id: id, reasons: reasons + [reason]) }
        return PostgresConnection.connect(on: loop, configuration: configurations[index], id: id, logger: logger)
            .flatMapError { error in loop.makeFailedFuture(Reason("\(server): \(Self.reason(error))")) }
            .flatMap { [self] connection in
                fits(connection).flatMap { fits in
                    if fits { return loop.makeSucceededFuture(connection) }
                    return connection.close().flatMapThrowing {
                        withExtendedLifetime(connection) {}
                        throw Reason("\(server) \(Self.refusedWrites)")
                    }
                }.flatMapError { error in
                    guard !(error is Reason) else { return loop.makeFailedFuture(error) }
                    return connection.close().flatMapThrowing {
                        withExtendedLifetime(connection) {}
                        throw Reason("\(server): \(Self.reason(error))")
                    }
                }
            }
            .map { [self] connection in
                state.withLock { $0.primary = index }
                return connection
            }
            .flatMapError { error in next((error as? Reason)?.text ?? Self.reason(error)) }
    }

    /// Whether the server `connection` reached is one to keep (``PostgreSQLAddress/TargetSession``).
    private func fits(_ connection: PostgresConnection) -> EventLoopFuture<Bool> {
        GuardedConnection(connection).query(
            "SELECT pg_is_in_recovery(), current_setting('transaction_read_only')", logger: logger
        ).flatMapThrowing { [address] result in
            guard let row = result.rows.first else { return false }
            let (recovering, readOnly) = try row.decode((Bool, String).self)
            switch address.targetSession {
            case .readWrite: return readOnly == "off"
            case .primary: return !recovering
            }
        }
    }

    private static let refusedWrites = "does not take writes now (a standby, or a primary being switched)"

    /// Why a connection failed, for the log and the 503's reason (never shown to apps).
    static func reason(_ error: any Error) -> String {
        switch PostgresFailure.translate(error) {
        case let error as StorageUnavailableError: return error.reason
        case let error as PostgresFailure: return error.description
        case let error as PSQLError: return "cannot connect to PostgreSQL (\(error.code))"
        case let error: return "cannot connect to PostgreSQL (\(String(describing: type(of: error))))"
        }
    }

    /// A server passed over, and why.
    private struct Reason: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
