import Foundation
package import OpenHealthKitEngine
import OpenHealthKitStores

/// One engine per database in a process, so that every store on the same data shares one change feed: an observer
/// query in one `HKHealthStore` hears a save made through another.
///
/// The owner's tools (and tests) reach the engine of a location here to act as the user: set characteristics,
/// change or revoke grants.
package enum EngineRegistry {
    private static let engines = Locked<[HealthStoreConfiguration.Location: HealthEngine]>([:])

    package static func engine(for location: HealthStoreConfiguration.Location) throws -> HealthEngine {
        try engines.withLock { engines in
            if let engine = engines[location] { return engine }
            let engine: HealthEngine
            switch location {
            case .file(let path): engine = try HealthEngine.open(.file(path))
            case .memory: engine = try HealthEngine.open(.memory)
            case .postgreSQL(let url, let password):
                let password = password ?? ProcessInfo.processInfo.environment["PGPASSWORD"]
                engine = try HealthEngine.open(.postgreSQL(try PostgreSQLAddress(url: url, password: password)))
            }
            engines[location] = engine
            return engine
        }
    }

    /// Forgets the engine of a location: the next store opens the database afresh (the file stays; an in-memory
    /// database is gone once no store holds it). Stores already open keep their engine.
    package static func close(_ location: HealthStoreConfiguration.Location) {
        _ = engines.withLock { $0.removeValue(forKey: location) }
    }
}
