import Foundation
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// One engine per database in a process, so that every store on the same data shares one change feed: an observer
/// query in one `HKHealthStore` hears a save made through another.
enum EngineRegistry {
    private static let engines = Locked<[HealthStoreConfiguration.Location: HealthEngine]>([:])

    static func engine(for location: HealthStoreConfiguration.Location) throws -> HealthEngine {
        try engines.withLock { engines in
            if let engine = engines[location] { return engine }
            let storage: any Storage
            switch location {
            case .file(let path): storage = try SQLiteStorage(path: path)
            case .memory: storage = try SQLiteStorage()
            }
            let engine = HealthEngine(storage: storage)
            engines[location] = engine
            return engine
        }
    }
}
