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
    /// connection lost), a ``PostgresFailure`` for any other server error, else the error itself.
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

    /// Classes of SQLSTATE that mean "not now": 08 connection exception, 53 insufficient resources (too many
    /// connections, out of disk), 57 operator intervention (shutdown, crash recovery, cannot connect now).
    private static let unavailableClasses: Set<String> = ["08", "53", "57"]
    /// Single states that mean the same: a serialization failure or deadlock left nothing done (40001, 40P01), and
    /// a database in recovery refuses writes (25006 read-only transaction, on a standby).
    private static let unavailableStates: Set<String> = ["40001", "40P01", "25006"]
}
