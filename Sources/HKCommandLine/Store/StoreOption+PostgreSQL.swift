import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitStores

extension StoreOption {
    /// The PostgreSQL database `--database` (or `OPENHEALTHKIT_DATABASE`) names, for a command that works only on
    /// one (`hk users`); bad input without one.
    func postgreSQLAddress(for command: String) throws -> PostgreSQLAddress {
        guard case .postgreSQL(url: let url, password: let password) = try location() else {
            throw HKError.invalidArgument(
                "\(command) needs --database postgresql://USER@HOST:PORT/DB: users live in a PostgreSQL database "
                    + "(a SQLite store has one owner)")
        }
        do {
            return try PostgreSQLAddress(url: url, password: password)
        } catch {
            throw HKError.invalidArgument("--database: \(error)")
        }
    }
}
