package import OpenHealthKitModel

/// A storage that remembers apps' background delivery requests (see ``BackgroundDelivery``). How far each app was
/// told lives in the engine's settings (``Storage/setting(_:)``); the requests themselves are records of their own.
package protocol BackgroundDeliveryStorage: Storage {
    /// The app's requests, one per type, by type identifier.
    func backgroundDeliveries(app bundleIdentifier: String) throws -> [BackgroundDelivery]
    /// Remembers a frequency for the app and type (replacing an earlier one); a nil frequency forgets the type; a nil
    /// type forgets every type of the app.
    func setBackgroundDelivery(
        app bundleIdentifier: String, type typeIdentifier: String?, frequency: HKUpdateFrequency?) throws
}
