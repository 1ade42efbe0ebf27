package import Foundation
import OpenHealthKitModel

extension WireWebhookRequest {
    /// The most types one subscription follows.
    package static let maximumTypes = 200

    /// The request checked as healthd takes it: where it may post (an `http` or `https` URL on this machine, or, only
    /// with ``allowExternal``, an `https` URL elsewhere: health data never leaves in clear text) and 1 to
    /// ``maximumTypes`` sample types, as identifiers. Anything else is `errorInvalidArgument`.
    package func validated() throws -> (url: URL, types: [String], allowsExternal: Bool) {
        let allowsExternal = allowExternal ?? false
        guard url.utf8.count <= 2_048, let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
            components.fragment == nil, let destination = components.url
        else {
            throw HKError.invalidArgument("A webhook's url must be an http or https URL without user or fragment")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw HKError.invalidArgument("A webhook's port must be from 1 to 65535, not \(port)")
        }
        if !LoopbackHost.contains(host) {
            guard allowsExternal else {
                throw HKError.invalidArgument(
                    "A webhook outside this machine (\(ErrorEcho.text(host))) needs the owner's leave: allowExternal "
                        + "(hk webhooks add --allow-external)")
            }
            guard scheme == "https" else {
                throw HKError.invalidArgument("A webhook outside this machine must use https, not http")
            }
        }
        guard (1...Self.maximumTypes).contains(types.count) else {
            throw HKError.invalidArgument("Give 1 to \(Self.maximumTypes) sample types")
        }
        let identifiers = try types.map { try WireTypes.sampleType($0).identifier }
        return (destination, Array(Set(identifiers)).sorted(), allowsExternal)
    }
}
