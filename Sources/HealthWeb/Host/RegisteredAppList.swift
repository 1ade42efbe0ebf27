package import OpenHealthKitEngine

/// The apps registered with the host, as the pages list them (healthd's app registry).
package protocol RegisteredAppList: Sendable {
    /// Every registered app, revoked ones included, by bundle identifier.
    func apps() -> [RegisteredApp]
    /// The app with this bundle identifier, nil when none is registered.
    func app(_ bundleIdentifier: String) -> RegisteredApp?
}
