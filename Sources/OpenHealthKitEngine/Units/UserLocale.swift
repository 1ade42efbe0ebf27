package import Foundation

/// The user's locale as the environment names it (`LC_ALL`, then `LC_MEASUREMENT`, then `LANG`, as POSIX orders
/// them). Foundation's `Locale.current` does not read these on Linux.
package enum UserLocale {
    package static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        for key in ["LC_ALL", "LC_MEASUREMENT", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            // `en_US.UTF-8@euro` → `en_US`; `C` and `POSIX` name no region.
            let identifier = String(value.prefix { $0 != "." && $0 != "@" })
            if identifier == "C" || identifier == "POSIX" { break }
            return Locale(identifier: identifier)
        }
        return Locale.current
    }
}
