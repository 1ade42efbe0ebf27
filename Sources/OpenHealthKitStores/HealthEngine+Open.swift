package import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitSQLite

extension HealthEngine {
    /// Opens an engine on the store at `location`: the one way a process opens a store, and where a location picks its
    /// storage (a file or memory: SQLite; a `postgresql://` address: PostgreSQL). The library's `EngineRegistry` (one
    /// engine per location per process, which `hk` uses too) and healthd (which owns its engine) open theirs here;
    /// tests may still put an engine on a storage of their own.
    ///
    /// The stores of a PostgreSQL database opened here share one pool of connections (``PostgresDatabase/shared(_:)``),
    /// however many users they serve. A PostgreSQL store connects at once unless `waitsForDatabase` (healthd: it starts while the database is down,
    /// answers 503 meanwhile, and connects when it returns). `storageFailed` is told the underlying error of each
    /// storage failure, which callers see only as a generic `errorDatabaseInaccessible` (healthd logs it).
    package static func open(
        _ location: StoreLocation, waitsForDatabase: Bool = false,
        storageFailed: @escaping @Sendable (any Error) -> Void = { _ in }
    ) throws -> HealthEngine {
        let storage: any HealthStorage
        switch location {
        case .file(let path): storage = try SQLiteStorage(path: path)
        case .memory: storage = try SQLiteStorage()
        case .postgreSQL(let address, let user):
            storage = try PostgresStorage(
                database: .shared(address), user: user, connectNow: !waitsForDatabase)
        }
        return HealthEngine(storage: storage, storageFailed: storageFailed)
    }
}
