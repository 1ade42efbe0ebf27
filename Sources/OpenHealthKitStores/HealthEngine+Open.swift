package import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitSQLite

extension HealthEngine {
    /// Opens an engine on the store at `location` (``OpenedStore/open(_:waitsForDatabase:storageFailed:)``, for
    /// callers that need only the engine): the library's `EngineRegistry` (one engine per location per process,
    /// which `hk` uses too) opens its engines here; tests may still put an engine on a storage of their own.
    package static func open(
        _ location: StoreLocation, waitsForDatabase: Bool = false,
        storageFailed: @escaping @Sendable (any Error) -> Void = { _ in }
    ) throws -> HealthEngine {
        try OpenedStore.open(location, waitsForDatabase: waitsForDatabase, storageFailed: storageFailed).engine
    }
}

extension OpenedStore {
    /// Opens the store at `location`: the one way a process opens a store, and where a location picks its storage
    /// (a file or memory: SQLite; a `postgresql://` address: PostgreSQL) and so what else the store does. Whether it
    /// keeps statistics aggregates follows ``StatisticsAggregatesSetting`` (the process's environment).
    ///
    /// The stores of a PostgreSQL database opened here share one pool of connections (``PostgresDatabase/shared(_:)``),
    /// however many users they serve. A PostgreSQL store connects at once unless `waitsForDatabase` (healthd: it
    /// starts while the database is down, answers 503 meanwhile, and connects when it returns). `storageFailed` is
    /// told the underlying error of each storage failure, which callers see only as a generic
    /// `errorDatabaseInaccessible` (healthd logs it).
    package static func open(
        _ location: StoreLocation, waitsForDatabase: Bool = false,
        storageFailed: @escaping @Sendable (any Error) -> Void = { _ in }
    ) throws -> OpenedStore {
        let storage: any HealthStorage
        var shared: (any SharedDaemonRecords)?
        let keeps = try StatisticsAggregatesSetting.keepsAggregates()
        switch location {
        case .file(let path): storage = try SQLiteStorage(path: path, keepsStatisticsAggregates: keeps)
        case .memory: storage = try SQLiteStorage(keepsStatisticsAggregates: keeps)
        case .postgreSQL(let address, let user):
            let postgres = try PostgresStorage(
                database: .shared(address), user: user, connectNow: !waitsForDatabase,
                keepsStatisticsAggregates: keeps)
            storage = postgres
            shared = postgres
        }
        return OpenedStore(engine: HealthEngine(storage: storage, storageFailed: storageFailed), shared: shared)
    }

    /// The directory of the people of the PostgreSQL database at `address` (nothing connects yet).
    package static func directory(at address: PostgreSQLAddress) -> any StoreDirectory {
        PostgresDirectory(address: address)
    }
}

/// What the programs that own their process set up through the storages, before any store opens.
package enum StoreProcess {
    /// SQLite's process-wide settings (``SQLiteProcessSettings``): first thing, before any connection.
    package static func applySettings() {
        SQLiteProcessSettings.apply()
    }

    /// Calls `observe` with the text of every statement the PostgreSQL storages send from now on (a test seam:
    /// healthd's statement log); nil stops.
    package static func observeStatements(_ observe: (@Sendable (String) -> Void)?) {
        StatementObserver.set(observe)
    }
}
