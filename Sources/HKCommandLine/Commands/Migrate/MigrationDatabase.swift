import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres

/// The PostgreSQL side of `hk migrate`: a user of a database, who must exist.
struct MigrationDatabase {
    let address: PostgreSQLAddress
    let accounts: PostgresAccounts
    let user: PostgresUser

    /// The user `name` of the database at `url`. A bad URL, password file or name, and an unknown user, are bad
    /// input; a database that cannot be reached is not (exit 1).
    static func open(url: String, passwordFile: String?, user name: String) throws -> MigrationDatabase {
        let address: PostgreSQLAddress
        do {
            let password = try PostgreSQLAddress.password(
                file: passwordFile, environment: ProcessInfo.processInfo.environment)
            address = try PostgreSQLAddress(url: url, password: password)
        } catch {
            throw HKError.invalidArgument("\(error)")
        }
        try UsersAccounts.refusing { try PostgresAccounts.validate(name: name) }
        let accounts: PostgresAccounts
        let user: PostgresUser?
        do {
            accounts = try PostgresAccounts(address: address)
            user = try accounts.user(named: name)
        } catch {
            throw HKError(.errorDatabaseInaccessible, "cannot open the database \(address): \(error)")
        }
        guard let user else {
            throw HKError.invalidArgument(
                "no user is named \"\(name)\" in \(address): add them first with hk users add \(name)")
        }
        return MigrationDatabase(address: address, accounts: accounts, user: user)
    }

    /// The user's store, to copy from.
    func openSource() throws -> PostgresStorage {
        do {
            return try PostgresStorage(database: .shared(address), user: user.id)
        } catch {
            throw HKError(.errorDatabaseInaccessible, "cannot open \(user.name)'s store in \(address): \(error)")
        }
    }

    /// Runs `body` on the user's store, which must be empty; when `body` fails, every row it wrote is removed again.
    func receive<T>(_ body: (PostgresStorage) throws -> T) throws -> T {
        let storage = try openSource()
        if let content = try InlineExecution.complete({ try await StoreCopy.contentOfNonEmpty(storage) }) {
            throw HKError.invalidArgument(
                "the user \"\(user.name)\" in \(address) already has \(content): migrate into a user without data")
        }
        do {
            return try body(storage)
        } catch {
            try accounts.clearData(of: user.id)
            throw error
        }
    }
}
