package import OpenHealthKitEngine

extension HealthEngine {
    /// Opens an engine on the store at `location`: the one way a process opens a store. The library's
    /// `EngineRegistry` (one engine per location per process, which `hk` uses too) and healthd (which owns its engine)
    /// open theirs here; tests may still put an engine on a storage of their own. Every location is a SQLite database
    /// today: this is where another storage (PostgreSQL) will be chosen.
    package static func open(_ location: StoreLocation) throws -> HealthEngine {
        switch location {
        case .file(let path): return HealthEngine(storage: try SQLiteStorage(path: path))
        case .memory: return HealthEngine(storage: try SQLiteStorage())
        }
    }
}
