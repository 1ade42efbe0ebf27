import Foundation
import NIOCore
import NIOPosix
import OpenHealthKitEngine
import PostgresNIO

/// An error the PostgreSQL server returned for a statement (a constraint, a syntax error...), with its SQLSTATE and
/// message only: never the statement's values, which can be health data.
struct PostgresFailure: Error, CustomStringConvertible {
    /// The five-character SQLSTATE, e.g. `23505` for a unique violation.
    let sqlState: String
    let message: String
    /// The constraint a violation names, if any.
    var constraint: String? = nil

    var description: String { "PostgreSQL error \(sqlState): \(message)" }

    /// A unique constraint was violated.
    var isUniqueViolation: Bool { sqlState == "23505" }

    /// The error a storage method throws for what postgres-nio (or NIO) threw: a ``StorageUnavailableError`` when the
    /// server cannot be reached or is not accepting work (down, starting, shutting down, out of connections, the
    /// connection lost or reset), a ``PostgresFailure`` for any other server error, else the error itself.
    ///
    /// Every step of a failover is among the first: the primary's connections reset when it dies, "the database
    /// system is shutting down" or "in recovery mode" (57P03), sessions cut by an administrator or a crash (57P01,
    /// 57P02), a write refused by a server that became read-only (25006). healthd answers each with 503 and
    /// `Retry-After`, and the pool looks for the new primary (``meansServerChanged(_:)``).
    static func translate(_ error: any Error) -> any Error {
        switch error {
        case is StorageUnavailableError, is PostgresFailure, is StorageError: return error
        case let error as PSQLError:
            if error.code == .server, let state = error.serverInfo?[.sqlState] {
                let message = error.serverInfo?[.message] ?? "(no message)"
                if unavailableStates.contains(state) || unavailableClasses.contains(String(state.prefix(2))) {
                    return StorageUnavailableError("PostgreSQL \(state): \(message)")
                }
                return PostgresFailure(
                    sqlState: state, message: message, constraint: error.serverInfo?[.constraintName])
            }
            switch error.code {
            case .serverClosedConnection, .connectionError, .uncleanShutdown, .clientClosedConnection, .poolClosed:
                return StorageUnavailableError("the connection to PostgreSQL was lost (\(error.code))")
            default: return error
            }
        case is IOError, is ChannelError, is NIOConnectionError:
            return StorageUnavailableError("cannot connect to PostgreSQL (\(String(describing: type(of: error))))")
        default: return error
        }
    }

    /// Whether `error` (as postgres-nio or NIO threw it) says that the server the connection reached may no longer be
    /// the primary, or no longer there: the connection was lost or reset, the server refused a write as read-only
    /// (25006: a standby, or a primary being demoted), is shutting down, crashed, or cut the session (57P01 admin
    /// shutdown, 57P02 crash shutdown, 57P03 cannot connect now), or a connection exception (class 08). A pool then
    /// looks for the primary again (``ConnectionPool``). A serialization failure, a deadlock or a full server say
    /// nothing of the kind.
    static func meansServerChanged(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError:
            if error.code == .server, let state = error.serverInfo?[.sqlState] {
                return serverChangedStates.contains(state) || state.hasPrefix("08")
            }
            return [.serverClosedConnection, .connectionError, .uncleanShutdown].contains(error.code)
        case is IOError, is ChannelError, is NIOConnectionError: return true
        default: return false
        }
    }

    private static let serverChangedStates: Set<String> = ["25006", "57P01", "57P02", "57P03"]

    /// Classes of SQLSTATE that mean "not now": 08 connection exception, 53 insufficient resources (too many
    /// connections, out of disk), 57 operator intervention (shutdown, crash recovery, cannot connect now).
    private static let unavailableClasses: Set<String> = ["08", "53", "57"]
    /// Single states that mean the same: a serialization failure or deadlock left nothing done (40001, 40P01), and
    /// a database in recovery refuses writes (25006 read-only transaction, on a standby).
    private static let unavailableStates: Set<String> = ["40001", "40P01", "25006"]
}
