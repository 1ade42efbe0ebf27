import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitStores

/// The `--store` option of every command that reads or writes health data: `@OptionGroup var store: StoreOption`.
///
/// The database is the PostgreSQL database `--database` (or `OPENHEALTHKIT_DATABASE`) names, its password from
/// `PGPASSWORD` or `--database-password-file`; else the file `--store` names, else the one `OPENHEALTHKIT_STORE` names,
/// else `HealthStoreConfiguration.defaultStorePath` (`$XDG_DATA_HOME/OpenHealthKit/health.sqlite`). A missing file is
/// created, with its folder.
struct StoreOption: ParsableArguments {
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "The database file (default: $OPENHEALTHKIT_STORE, else $XDG_DATA_HOME/OpenHealthKit/health.sqlite).",
            valueName: "path"
        )
    )
    var path: String?

    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "A PostgreSQL database instead of the file (default: $OPENHEALTHKIT_DATABASE), or several servers of a "
                + "replicated cluster (host1:port1,host2:port2, ?target_session_attrs=read-write or primary: the one "
                + "taking writes is used); the password comes from PGPASSWORD or --database-password-file.",
            valueName: "postgresql://user@host:port[,host:port...]/db"
        )
    )
    var database: String?

    @OptionGroup var databasePasswordFile: DatabasePasswordFileOption

    /// The database path in effect.
    func resolvedPath() throws -> String {
        if let path {
            guard !path.isEmpty else { throw HKError.invalidArgument("--store needs a file path") }
            return path
        }
        if let path = ProcessInfo.processInfo.environment["OPENHEALTHKIT_STORE"], !path.isEmpty { return path }
        return HealthStoreConfiguration.defaultStorePath
    }

    /// The location in effect: the database, else the file.
    func location() throws -> HealthStoreConfiguration.Location {
        let environment = ProcessInfo.processInfo.environment
        guard let url = database ?? environment["OPENHEALTHKIT_DATABASE"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            if databasePasswordFile.path != nil {
                throw HKError.invalidArgument("--database-password-file needs --database")
            }
            return .file(try resolvedPath())
        }
        do {
            let password = try PostgreSQLAddress.password(file: databasePasswordFile.path, environment: environment)
            _ = try PostgreSQLAddress(url: url, password: password)
            return .postgreSQL(url: url, password: password)
        } catch {
            throw HKError.invalidArgument("--database: \(error)")
        }
    }

    /// The time zone the owner chose for the store (Health's Me page); nil when they chose none or the store does
    /// not exist yet (it is not created for this).
    func ownerTimeZone() throws -> TimeZone? {
        if case .file(let path) = try location(), !FileManager.default.fileExists(atPath: path) { return nil }
        return try openEngine().blocking { try await $0.ownerTimeZone() }
    }

    /// The engine on the database (the process's one, from `EngineRegistry`). Failing to open it is not bad input:
    /// it exits 1.
    func openEngine() throws -> HealthEngine {
        let location = try location()
        do {
            return try EngineRegistry.engine(for: location)
        } catch {
            throw HKError(.errorDatabaseInaccessible, "cannot open the store at \(Self.describe(location)): \(error)")
        }
    }

    /// The engine on a store that must exist already: for a command that only reads or changes what is stored, a
    /// store file that is not there is bad input naming `problem` (and is not created).
    func openExistingEngine(_ problem: @autoclosure () -> String) throws -> HealthEngine {
        if case .file(let path) = try location(), !FileManager.default.fileExists(atPath: path) {
            throw HKError.invalidArgument("no store at \(path): \(problem())")
        }
        return try openEngine()
    }

    /// A location as messages name it (a database without its password).
    static func describe(_ location: HealthStoreConfiguration.Location) -> String {
        switch location {
        case .file(let path): return path
        case .memory(let name): return "memory:\(name)"
        case .postgreSQL(let url, _):
            return (try? PostgreSQLAddress(url: url, password: nil).description) ?? "the database"
        }
    }
}
