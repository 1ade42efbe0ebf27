import OpenHealthKitEngine
import OpenHealthKitStores

/// The stores fuzz targets write to: a new in-memory store for each input, so that an input does the same thing
/// whatever ran before it, and a crash libFuzzer reports replays alone.
enum FuzzStore {
    /// A new, empty in-memory store.
    static func engine() -> HealthEngine {
        do { return try HealthEngine.open(.memory) } catch { fatalError("cannot open an in-memory store: \(error)") }
    }

    /// The owner, as `hk` and the web app act for them.
    static let owner: Principal = {
        do { return .owner(source: try SourceRow.owner(named: "Fuzz")) } catch {
            fatalError("cannot name the fuzz owner: \(error)")
        }
    }()
}
