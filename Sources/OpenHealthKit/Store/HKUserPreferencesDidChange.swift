public import Foundation

extension NSNotification.Name {
    /// Posted by each ``HKHealthStore`` (the notification's object) when the user changes a preferred unit (on the
    /// Health web app's Me page, with `hk`, in this process or another), once the store has read preferred units.
    /// Observe it with the store as the object to hear it once per change.
    public static let HKUserPreferencesDidChange = NSNotification.Name("HKUserPreferencesDidChangeNotification")
}
