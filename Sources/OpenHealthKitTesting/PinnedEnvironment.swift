import Foundation

/// The environment the tests give the processes they start (healthd, hk): this process's, with the locale and time
/// zone pinned, so that what those processes print (units, number and date formats) does not depend on the machine
/// the tests run on, and `OPENHEALTHKIT_EXIT_WITH_PARENT=1`, so that a healthd outlives no test process that died.
public enum PinnedEnvironment {
    /// The locale the tests assume: no region, metric units, `1,234.5`.
    public static let locale = "C.UTF-8"
    /// The time zone the tests assume.
    public static let timeZone = "UTC"

    /// This process's environment with `LANG`, `TZ`, no `LC_*` override and `OPENHEALTHKIT_EXIT_WITH_PARENT=1`, then
    /// `changes` (a nil value removes a variable).
    public static func variables(_ changes: [String: String?] = [:]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LC_") }
        variables["LANG"] = locale
        variables["TZ"] = timeZone
        variables["OPENHEALTHKIT_EXIT_WITH_PARENT"] = "1"
        for (name, value) in changes { variables[name] = value }
        return variables
    }
}
