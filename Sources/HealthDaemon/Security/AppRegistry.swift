import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The apps registered with healthd, held in memory in front of the database so that checking a credential on
/// every call reads no disk, and a revocation holds for the very next call.
///
/// When several healthd serve one database (``SharedDaemonRecords``), a registration or revocation is announced
/// (``DaemonEvent/apps``) and the others read the registry again; an app's call reads its app's record first too
/// (``refresh(_:)``), so a revocation through one healthd holds for the very next call through any.
final class AppRegistry: Sendable {
    private let storage: any DaemonRecordStorage
    private let cache: Locked<[String: RegisteredApp]>
    /// The records other healthd instances share; nil for a store one healthd serves.
    let shared: (any SharedDaemonRecords)?

    /// An empty registry; ``load()`` reads the apps from the store (healthd loads its records once the database
    /// answers, see `DaemonRecords`).
    init(storage: any DaemonRecordStorage, shared: (any SharedDaemonRecords)?) {
        self.storage = storage
        cache = Locked([:])
        self.shared = shared
    }

    /// Reads the registered apps from the store.
    func load() throws {
        let apps = try storage.registeredApps()
        cache.withLock { $0 = Dictionary(uniqueKeysWithValues: apps.map { ($0.bundleIdentifier, $0) }) }
    }

    /// Registers (or registers again) an app after HealthKit's provisioning checks; the record replaces any
    /// earlier one, so only the new credential id is valid.
    func register(_ app: RegisteredApp) throws {
        try app.manifest.checkRegistration()
        try cache.withLock { cache in
            try storage.saveRegisteredApp(app)
            cache[app.bundleIdentifier] = app
        }
        try shared?.announce(.apps)
    }

    /// Reads one app's record again from the shared store (another healthd may have registered or revoked it);
    /// returns it. Without shared records, the cached one.
    func refresh(_ bundleIdentifier: String) throws -> RegisteredApp? {
        guard let shared else { return app(bundleIdentifier) }
        let stored = try shared.registeredApp(bundleIdentifier)
        cache.withLock { $0[bundleIdentifier] = stored }
        return stored
    }

    func app(_ bundleIdentifier: String) -> RegisteredApp? {
        cache.withLock { $0[bundleIdentifier] }
    }

    /// Every registered app, revoked ones included, by bundle identifier.
    func apps() -> [RegisteredApp] {
        cache.withLock { Array($0.values) }.sorted { $0.bundleIdentifier < $1.bundleIdentifier }
    }

    /// Revokes an app: its credential fails from now on. Returns nil for an app that is not registered.
    func revoke(_ bundleIdentifier: String, at date: Date = Date()) throws -> RegisteredApp? {
        // Registered through another healthd moments ago, before its announcement arrived.
        if shared != nil, app(bundleIdentifier) == nil { try load() }
        let revoked = try cache.withLock { cache -> RegisteredApp? in
            guard var app = cache[bundleIdentifier] else { return nil }
            if app.revokedAt == nil { app.revokedAt = date }
            try storage.saveRegisteredApp(app)
            cache[bundleIdentifier] = app
            return app
        }
        if revoked != nil { try shared?.announce(.apps) }
        return revoked
    }
}
