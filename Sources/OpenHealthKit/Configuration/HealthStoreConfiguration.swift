public import Foundation
public import OpenHealthKitEngine
import OpenHealthKitStores

/// Where an `HKHealthStore` keeps its data and on whose behalf it acts.
///
/// `HKHealthStore()` uses ``HealthStoreConfiguration/current``: set it once at start-up, or let it come from the
/// environment (`OPENHEALTHKIT_STORE` for the database path, or `OPENHEALTHKIT_DATABASE` for a PostgreSQL database,
/// `OPENHEALTHKIT_APP` for the app folder holding Info.plist and Entitlements.plist). Without an app manifest every call fails as HealthKit fails for an
/// unprovisioned app.
///
/// With a ``remote`` healthd (or `OPENHEALTHKIT_HEALTHD` and `OPENHEALTHKIT_CREDENTIAL` in the environment) the
/// store talks to that daemon instead, as the app its credential names.
public struct HealthStoreConfiguration: Sendable {
    /// Where the data lives.
    public enum Location: Sendable, Hashable {
        /// The database file at this path.
        case file(String)
        /// A private in-memory database, shared by every store configured with the same name in this process.
        case memory(name: String)
        /// A PostgreSQL database, `postgresql://USER@HOST:PORT/DB` (the store creates and upgrades its tables),
        /// signed in with `password`, or with `PGPASSWORD` when nil. The URL itself must not carry the password.
        case postgreSQL(url: String, password: String? = nil)
    }

    /// A healthd daemon and the app's credential for it.
    public struct Remote: Sendable, Hashable {
        /// The daemon's address, e.g. `http://127.0.0.1:8787`.
        public var address: URL
        /// The credential healthd issued when the owner registered the app.
        public var credential: String

        /// A daemon at `address`, reached with `credential`.
        public init(address: URL, credential: String) {
            self.address = address
            self.credential = credential
        }
    }

    /// Where the embedded store keeps its data.
    public var location: Location
    /// The healthd to talk to; when set, ``location``, ``app`` and ``answerer`` are not used (the daemon knows the
    /// app by its credential and asks the owner).
    public var remote: Remote?
    /// The app the store acts for; nil for a process that has none (every call is then refused).
    public var app: AppManifest?
    /// Who answers permission requests; nil: requests cannot be answered.
    public var answerer: (any AuthorizationAnswerer)?

    /// An embedded store at `location`, acting for `app`, whose permission requests `answerer` answers.
    public init(
        location: Location = .file(HealthStoreConfiguration.defaultStorePath), app: AppManifest?,
        answerer: (any AuthorizationAnswerer)? = nil
    ) {
        self.location = location
        self.app = app
        self.answerer = answerer
    }

    /// A store that talks to a healthd daemon.
    public init(remote: Remote) {
        self.init(app: nil)
        self.remote = remote
    }

    /// The default database file: `$XDG_DATA_HOME/OpenHealthKit/health.sqlite` (else `~/.local/share/...`).
    public static var defaultStorePath: String { StoreLocation.defaultPath }

    /// The configuration `HKHealthStore()` uses. Defaults to ``fromEnvironment(_:)``.
    public static var current: HealthStoreConfiguration {
        get { storage.withLock { $0 } ?? fromEnvironment() }
        set { storage.withLock { $0 = newValue } }
    }

    private static let storage = Locked<HealthStoreConfiguration?>(nil)

    /// The configuration described by `OPENHEALTHKIT_HEALTHD` and `OPENHEALTHKIT_CREDENTIAL` (a healthd), else by
    /// `OPENHEALTHKIT_DATABASE` (a PostgreSQL URL; the password from `PGPASSWORD`) or `OPENHEALTHKIT_STORE`, and
    /// `OPENHEALTHKIT_APP`, in `environment` (the process's by default).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> HealthStoreConfiguration {
        if let address = environment["OPENHEALTHKIT_HEALTHD"].flatMap({ $0.isEmpty ? nil : URL(string: $0) }) {
            return HealthStoreConfiguration(
                remote: Remote(address: address, credential: environment["OPENHEALTHKIT_CREDENTIAL"] ?? ""))
        }
        let location =
            environment["OPENHEALTHKIT_DATABASE"].flatMap { $0.isEmpty ? nil : Location.postgreSQL(url: $0) }
            ?? environment["OPENHEALTHKIT_STORE"].map(Location.file) ?? .file(defaultStorePath)
        let app = environment["OPENHEALTHKIT_APP"].flatMap { try? AppManifest(appFolder: URL(fileURLWithPath: $0)) }
        return HealthStoreConfiguration(location: location, app: app)
    }
}
