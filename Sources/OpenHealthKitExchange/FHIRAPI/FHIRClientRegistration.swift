import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel

/// Registers the outside apps that read through healthd's FHIR API with SMART on FHIR: `hk fhir-clients add` and
/// Health's FHIR Apps page both register through here (docs/FHIR.md, "SMART on FHIR").
package enum FHIRClientRegistration {
    /// The longest app name.
    package static let maximumNameLength = 100
    /// The longest redirect URI (codes carry it).
    package static let maximumRedirectURILength = 512

    /// Registers an app with one redirect URI: `https`, or `http` on this machine (`localhost`, `127.0.0.1`,
    /// `[::1]`), without a fragment (OAuth 2.1). A confidential app gets a secret, shown once (only its digest is
    /// kept); a public one proves itself with PKCE alone. Throws `HKError` `.errorInvalidArgument` naming what is
    /// wrong.
    package static func register(name: String, redirectURI: String, confidential: Bool, engine: HealthEngine)
        async throws -> (client: FHIRClientRecord, secret: String?)
    {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= maximumNameLength, !name.contains(where: \.isNewline) else {
            throw HKError(.errorInvalidArgument, "Give the app a name of 1 to \(maximumNameLength) characters")
        }
        guard redirectURI.count <= maximumRedirectURILength, let url = URLComponents(string: redirectURI),
            let scheme = url.scheme?.lowercased(), let host = url.percentEncodedHost?.lowercased(),
            host.wholeMatch(of: /[a-z0-9.\-]+|\[[0-9a-f:.]+\]/) != nil, url.fragment == nil, url.user == nil,
            scheme == "https" || (scheme == "http" && ["localhost", "127.0.0.1", "[::1]"].contains(host))
        else {
            throw HKError(
                .errorInvalidArgument,
                "The redirect URI must be an absolute https URL, or http on this machine (localhost, 127.0.0.1), "
                    + "of at most \(maximumRedirectURILength) characters, with a plain host name and no fragment")
        }
        let secret = confidential ? randomToken() : nil
        let client = FHIRClientRecord(
            id: randomToken(), name: name, redirectURIs: [redirectURI], secretDigest: secret.map(SecretDigest.of),
            created: Date().timeIntervalSince1970.rounded(.down))
        try await engine.saveFHIRClient(client)
        return (client, secret)
    }

    /// Whether `secret` is the one whose digest the client keeps, compared in constant time.
    package static func matches(_ secret: String, _ client: FHIRClientRecord) -> Bool {
        client.secretDigest.map { SecretDigest.matches(secret, $0) } ?? false
    }

    /// 32 random bytes, base64url.
    private static func randomToken() -> String {
        Base64URL.encode(RandomBytes.make(32))
    }
}
