import Foundation
import OpenHealthKitPostgres

/// Where a store's database lives (see `HealthEngine.open(_:)`), and where the user's store lives by default,
/// shared by the library, `hk` and healthd.
package enum StoreLocation: Sendable, Hashable {
    /// The database file at this path, created (with its folder) when missing.
    case file(String)
    /// A private in-memory database, gone once its engine is released.
    case memory
    /// The store of `user` in a PostgreSQL database (created by its administrator; the store creates and upgrades
    /// its tables). A database holds many users' stores (`hk users add`); one made for a single owner holds
    /// ``ownerUserID``'s, the default.
    case postgreSQL(PostgreSQLAddress, user: Int64 = StoreLocation.ownerUserID)

    /// The user every PostgreSQL database has from its first migration (named `owner`): the single owner's store.
    package static let ownerUserID = PostgresStorage.ownerUserID

    /// `$XDG_DATA_HOME/OpenHealthKit/health.sqlite`, else `$HOME/.local/share/OpenHealthKit/health.sqlite`.
    package static var defaultPath: String { defaultPath(environment: ProcessInfo.processInfo.environment) }

    /// The default path for the given environment. `$HOME` is read first because Foundation's `NSHomeDirectory()`
    /// ignores it on Linux (it asks the password database), and users move their data by setting it.
    package static func defaultPath(environment: [String: String]) -> String {
        func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let home = nonEmpty("HOME") ?? NSHomeDirectory()
        let dataHome = nonEmpty("XDG_DATA_HOME") ?? (home as NSString).appendingPathComponent(".local/share")
        return (dataHome as NSString).appendingPathComponent("OpenHealthKit/health.sqlite")
    }
}
