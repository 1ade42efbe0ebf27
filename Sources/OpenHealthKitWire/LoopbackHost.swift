import Foundation

/// The hosts that name this machine: healthd posts to apps' callbacks only there, and to webhooks elsewhere only when
/// the owner allowed it.
package enum LoopbackHost {
    /// Whether `host` (a URL's, brackets allowed) is 127.0.0.0/8, ::1 or localhost.
    package static func contains(_ host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        return bare == "localhost" || bare == "::1"
            || (octets.count == 4 && octets.allSatisfy { $0 != nil } && octets[0] == 127)
    }
}
