import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The apps registered with healthd, held in memory in front of the database so that checking a credential on
/// every call reads no disk, and a revocation holds for the very next call.
final class AppRegistry: Sendable {
    private let storage: any DaemonRecordStorage
    private let cache: Locked<[String: RegisteredApp]>

    /// An empty registry; ``load()`` reads the apps from the store (healthd loads its records once the database
    /// answers, see `DaemonRecords`).
    init(storage: any DaemonRecordStorage) {
        self.storage = storage
        cache = Locked([:])
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
        try cache.withLock { cache in
            guard var app = cache[bundleIdentifier] else { return nil }
            if app.revokedAt == nil { app.revokedAt = date }
            try storage.saveRegisteredApp(app)
            cache[bundleIdentifier] = app
            return app
        }
    }
}
