import Foundation
import OpenHealthKitEngine

/// Where an `HKHealthStore` keeps its data and on whose behalf it acts.
///
/// `HKHealthStore()` uses ``HealthStoreConfiguration/current``: set it once at start-up, or let it come from the
/// environment (`OPENHEALTHKIT_STORE` for the database path, `OPENHEALTHKIT_APP` for the app folder holding
/// Info.plist and Entitlements.plist). Without an app manifest every call fails as HealthKit fails for an
/// unprovisioned app.
public struct HealthStoreConfiguration: Sendable {
    /// Where the data lives.
    public enum Location: Sendable, Hashable {
        /// The database file at this path.
        case file(String)
        /// A private in-memory database, shared by every store configured with the same name in this process.
        case memory(name: String)
    }

    public var location: Location
    /// The app the store acts for; nil for a process that has none (every call is then refused).
    public var app: AppManifest?
    /// Who answers permission requests; nil: requests cannot be answered.
    public var answerer: (any AuthorizationAnswerer)?

    public init(location: Location = .file(HealthStoreConfiguration.defaultStorePath), app: AppManifest?, answerer: (any AuthorizationAnswerer)? = nil) {
        self.location = location
        self.app = app
        self.answerer = answerer
    }

    /// The default database file: `$XDG_DATA_HOME/OpenHealthKit/health.sqlite` (else `~/.local/share/...`).
    public static var defaultStorePath: String {
        let environment = ProcessInfo.processInfo.environment
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (dataHome as NSString).appendingPathComponent("OpenHealthKit/health.sqlite")
    }

    /// The configuration `HKHealthStore()` uses. Defaults to ``fromEnvironment()``.
    public static var current: HealthStoreConfiguration {
        get { storage.withLock { $0 } ?? fromEnvironment() }
        set { storage.withLock { $0 = newValue } }
    }

    private static let storage = Locked<HealthStoreConfiguration?>(nil)

    /// The configuration described by `OPENHEALTHKIT_STORE` and `OPENHEALTHKIT_APP`.
    public static func fromEnvironment() -> HealthStoreConfiguration {
        let environment = ProcessInfo.processInfo.environment
        let location = environment["OPENHEALTHKIT_STORE"].map(Location.file) ?? .file(defaultStorePath)
        let app = environment["OPENHEALTHKIT_APP"].flatMap { try? AppManifest(appFolder: URL(fileURLWithPath: $0)) }
        return HealthStoreConfiguration(location: location, app: app)
    }
}
