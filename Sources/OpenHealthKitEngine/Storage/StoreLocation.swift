import Foundation

/// Where the user's store lives by default, shared by the library, `hk` and healthd.
package enum StoreLocation {
    /// `$XDG_DATA_HOME/OpenHealthKit/health.sqlite`, else `~/.local/share/OpenHealthKit/health.sqlite`.
    package static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (dataHome as NSString).appendingPathComponent("OpenHealthKit/health.sqlite")
    }
}
