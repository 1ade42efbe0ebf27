import Foundation
import OpenHealthKitModel

/// Where healthd may post a subscription's messages: an `http` or `https` URL on this machine (loopback), or, only
/// when the owner allowed it for the subscription, an `https` URL elsewhere (health data never leaves in clear text).
enum WebhookDestination {
    static func validated(_ text: String, allowsExternal: Bool) throws -> URL {
        guard text.utf8.count <= 2_048, let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty, components.user == nil,
            components.password == nil, components.fragment == nil, let url = components.url
        else {
            throw HKError.invalidArgument("A webhook's url must be an http or https URL without user or fragment")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw HKError.invalidArgument("A webhook's port must be from 1 to 65535, not \(port)")
        }
        guard !LoopbackHost.contains(host) else { return url }
        guard allowsExternal else {
            throw HKError.invalidArgument(
                "A webhook outside this machine (\(host)) needs the owner's leave: allowExternal (hk webhooks add --allow-external)"
            )
        }
        guard scheme == "https" else {
            throw HKError.invalidArgument("A webhook outside this machine must use https, not http")
        }
        return url
    }
}
