import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres

/// The accounts of the database a `hk users` command names, with their refusals as `hk`'s bad input.
enum UsersAccounts {
    /// Opens the accounts of `store`'s database. Failing to reach it is not bad input: it exits 1.
    static func open(_ store: StoreOption, command: String) throws -> PostgresAccounts {
        let address = try store.postgreSQLAddress(for: command)
        do {
            return try PostgresAccounts(address: address)
        } catch {
            throw HKError(.errorDatabaseInaccessible, "cannot open the database \(address): \(error)")
        }
    }

    /// Runs `body`, an account operation: a refusal (bad name, unknown user, taken name) is bad input.
    static func refusing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AccountError {
            throw HKError.invalidArgument(error.description)
        }
    }
}
