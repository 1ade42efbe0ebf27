import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitPostgres

/// The accounts of the PostgreSQL database healthd serves (`hk users add`): who exists, and whose name and secret
/// match. Connected on first use, and again after a failure, so that healthd starts while the database is down
/// (every call then throws ``StorageUnavailableError``: 503).
final class UserAccounts: Sendable {
    private let address: PostgreSQLAddress
    private let accounts = Locked<PostgresAccounts?>(nil)

    init(address: PostgreSQLAddress) {
        self.address = address
    }

    /// The id of the user named `name` if `secret` is theirs; nil for an unknown name, a user without a secret and a
    /// wrong secret alike (one scrypt each: ``PostgresAccounts/verify(name:secret:)``). Blocking.
    func verify(name: String, secret: String) throws -> Int64? {
        try connected().verify(name: name, secret: secret)?.id
    }

    /// Whether a user has this id: false once `hk users remove` removed them. Blocking.
    func exists(_ id: Int64) throws -> Bool {
        try ids().contains(id)
    }

    /// The ids of every user. Blocking.
    func ids() throws -> Set<Int64> {
        Set(try connected().users().map(\.id))
    }

    /// A watch of the database's removals of users and of other healthd instances' events (``DaemonNotifications``),
    /// not started.
    func watch(
        onRemoved: @escaping @Sendable (Int64) -> Void, onEvent: @escaping @Sendable (Int64, DaemonEvent) -> Void,
        onListening: @escaping @Sendable () -> Void
    ) -> DaemonNotifications {
        DaemonNotifications(address: address, onRemoved: onRemoved, onEvent: onEvent, onListening: onListening)
    }

    private func connected() throws -> PostgresAccounts {
        try accounts.withLock { accounts in
            if let accounts { return accounts }
            let made = try PostgresAccounts(address: address)
            accounts = made
            return made
        }
    }
}
