import ArgumentParser
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitPostgres
import OpenHealthKitStores

/// The store of one person, for the commands that manage what belongs to a person (`hk ingest-keys`,
/// `hk fhir-clients`): the file `--store` names (its owner's), or, on a PostgreSQL database (`--database`), the store
/// of the user `--user` names (default `owner`).
struct UserStoreOption: ParsableArguments {
    @OptionGroup var store: StoreOption

    @Option(
        name: .customLong("user"),
        help: ArgumentHelp(
            "On a PostgreSQL database, the user whose store this is (default: owner).", valueName: "name"))
    var user: String?

    /// The store's ingest keys, and the id of the user they push for. Refusals (no such user, `--user` on a file)
    /// are bad input.
    func open(command: String) throws -> (keys: IngestKeys, user: Int64) {
        let (engine, user) = try openEngine(command: command)
        return (IngestKeys(engine: engine), user)
    }

    /// The person's store, and their user id. Refusals (no such user, `--user` on a file) are bad input.
    func openEngine(command: String) throws -> (engine: HealthEngine, user: Int64) {
        guard case .postgreSQL = try store.location() else {
            if user != nil { throw HKError.invalidArgument("--user needs --database: a SQLite store has one owner") }
            return (try store.openEngine(), StoreLocation.ownerUserID)
        }
        let address = try store.postgreSQLAddress(for: command)
        let id: Int64
        if let user, user != "owner" {
            let accounts = try UsersAccounts.open(store, command: command)
            guard let found = try accounts.user(named: user) else {
                throw HKError.invalidArgument("no user is named \(user) in the database")
            }
            id = found.id
        } else {
            id = StoreLocation.ownerUserID
        }
        do {
            return (try HealthEngine.open(.postgreSQL(address, user: id)), id)
        } catch {
            throw HKError(.errorDatabaseInaccessible, "cannot open the store at \(address): \(error)")
        }
    }

    /// Runs a key operation: a refusal (a bad or taken name, an unknown key) is bad input.
    static func refusing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as IngestKeyError {
            throw HKError.invalidArgument(error.description)
        }
    }
}
