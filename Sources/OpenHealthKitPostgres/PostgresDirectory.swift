import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel

/// The people of a PostgreSQL database as healthd needs them (``StoreDirectory``): its accounts
/// (``PostgresAccounts``), connected on first use and again after a failure, so that healthd starts while the
/// database is down (every call then throws ``StorageUnavailableError``); each user's shared records on the
/// process's pool of connections; and the watch of removals and announcements (``DaemonNotifications``).
package final class PostgresDirectory: StoreDirectory {
    private let address: PostgreSQLAddress
    private let accounts = Locked<PostgresAccounts?>(nil)
    /// Each user's records, made on first use.
    private let records = Locked<[Int64: PostgresStorage]>([:])

    /// The directory of the database at `address`; nothing connects yet.
    package init(address: PostgreSQLAddress) {
        self.address = address
    }

    package func verify(name: String, secret: String) throws -> Int64? {
        try connected().verify(name: name, secret: secret)?.id
    }

    package func userIDs() throws -> Set<Int64> {
        Set(try connected().users().map(\.id))
    }

    package func sharedRecords(of user: Int64) throws -> any SharedDaemonRecords {
        try records.withLock { records in
            if let known = records[user] { return known }
            let made = try PostgresStorage(database: PostgresDatabase.shared(address), user: user, connectNow: false)
            records[user] = made
            return made
        }
    }

    package func watch(
        onRemoved: @escaping @Sendable (Int64) -> Void, onEvent: @escaping @Sendable (Int64, DaemonEvent) -> Void,
        onListening: @escaping @Sendable () -> Void
    ) -> any StoreWatch {
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
