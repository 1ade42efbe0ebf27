import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// The `--store` option of every command that reads or writes health data: `@OptionGroup var store: StoreOption`.
///
/// The database is the file `--store` names, else the one `OPENHEALTHKIT_STORE` names, else
/// `HealthStoreConfiguration.defaultStorePath` (`$XDG_DATA_HOME/OpenHealthKit/health.sqlite`). A missing file is
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

    /// The database path in effect.
    func resolvedPath() throws -> String {
        if let path {
            guard !path.isEmpty else { throw HKError.invalidArgument("--store needs a file path") }
            return path
        }
        if let path = ProcessInfo.processInfo.environment["OPENHEALTHKIT_STORE"], !path.isEmpty { return path }
        return HealthStoreConfiguration.defaultStorePath
    }

    /// The time zone the owner chose for the store (Health's Me page); nil when they chose none or the store does
    /// not exist yet (it is not created for this).
    func ownerTimeZone() throws -> TimeZone? {
        guard FileManager.default.fileExists(atPath: try resolvedPath()) else { return nil }
        return try openEngine().ownerTimeZone()
    }

    /// The engine on the database (the process's one, from `EngineRegistry`). Failing to open it is not bad input:
    /// it exits 1.
    func openEngine() throws -> HealthEngine {
        let path = try resolvedPath()
        do {
            return try EngineRegistry.engine(for: .file(path))
        } catch {
            throw HKError(.errorDatabaseInaccessible, "cannot open the store at \(path): \(error)")
        }
    }
}
