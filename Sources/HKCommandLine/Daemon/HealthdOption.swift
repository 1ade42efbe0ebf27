import ArgumentParser
import Foundation
import OpenHealthKit

/// The options of commands that act as the owner through a running healthd: `@OptionGroup var healthd: HealthdOption`.
///
/// healthd is at `--healthd`, else `OPENHEALTHKIT_HEALTHD`, else `http://127.0.0.1:8787`. The owner secret is the
/// one healthd keeps next to its store, `<store>.owner-secret`: the store `--store` names; else the secret
/// `OPENHEALTHKIT_OWNER_SECRET` holds; else the file next to the store `OPENHEALTHKIT_STORE` names, or the default
/// store.
struct HealthdOption: ParsableArguments {
    static let defaultAddress = "http://127.0.0.1:8787"

    @Option(
        name: .customLong("healthd"),
        help: ArgumentHelp(
            "healthd's address (default: $OPENHEALTHKIT_HEALTHD, else \(defaultAddress)).", valueName: "url")
    )
    var address: String?
    @OptionGroup var store: StoreOption

    /// A client of healthd acting as the owner. Reads no more than the options and the secret: connects on first call.
    func client() throws -> OwnerClient {
        OwnerClient(address: try resolvedAddress(), secret: try ownerSecret())
    }

    /// healthd's address in effect, checked: an `http` or `https` URL with a host.
    func resolvedAddress() throws -> URL {
        let environment = ProcessInfo.processInfo.environment["OPENHEALTHKIT_HEALTHD"].flatMap { $0.isEmpty ? nil : $0 }
        let text = address ?? environment ?? Self.defaultAddress
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
            url.host?.isEmpty == false
        else {
            throw HKError.invalidArgument("invalid healthd address '\(text)': use a URL such as \(Self.defaultAddress)")
        }
        return url
    }

    /// The owner secret in effect, and where it came from (for messages; the secret itself is never printed).
    func ownerSecret() throws -> OwnerClient.Secret {
        let environment = ProcessInfo.processInfo.environment
        if store.path == nil, let secret = environment["OPENHEALTHKIT_OWNER_SECRET"], !secret.isEmpty {
            return OwnerClient.Secret(value: secret, origin: "OPENHEALTHKIT_OWNER_SECRET")
        }
        let path = try store.resolvedPath() + ".owner-secret"
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty
        else {
            throw HKError(
                .errorDatabaseInaccessible,
                "cannot read the owner secret at \(path): healthd makes it when it first starts on that store "
                    + "(or set OPENHEALTHKIT_OWNER_SECRET)")
        }
        return OwnerClient.Secret(value: text, origin: path)
    }
}
