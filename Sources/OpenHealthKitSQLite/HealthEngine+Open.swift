package import OpenHealthKitEngine

extension HealthEngine {
    /// Opens an engine on the store at `location`: the one way a process opens a store. The library's
    /// `EngineRegistry` (one engine per location per process, which `hk` uses too) and healthd (which owns its engine)
    /// open theirs here; tests may still put an engine on a storage of their own. Every location is a SQLite database
    /// today: this is where another storage (PostgreSQL) will be chosen.
    /// `storageFailed` is told the underlying error of each storage failure, which callers see only as a generic
    /// `errorDatabaseInaccessible` (healthd logs it).
    package static func open(
        _ location: StoreLocation, storageFailed: @escaping @Sendable (any Error) -> Void = { _ in }
    ) throws -> HealthEngine {
        switch location {
        case .file(let path): return HealthEngine(storage: try SQLiteStorage(path: path), storageFailed: storageFailed)
        case .memory: return HealthEngine(storage: try SQLiteStorage(), storageFailed: storageFailed)
        }
    }
}
