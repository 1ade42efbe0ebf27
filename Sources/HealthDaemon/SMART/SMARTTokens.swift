import Foundation
import OpenHealthKitExchange

/// The tokens of healthd's SMART on FHIR authorization server, signed with a key of their own derived from healthd's
/// (``TokenSigner``): authorization codes (`ohkc1.`, a minute, once), access tokens (`ohka1.`, an hour) and refresh
/// tokens (`ohkr1.`, thirty days with `offline_access`, a day with `online_access`, each replaced by the next at its
/// use). Every check of whether one still works
/// (its client still registered, a code not used, a refresh token the latest) is ``SMARTAuthorizationServer``'s.
struct SMARTTokens: Sendable {
    /// What an authorization code carries: the request the owner allowed.
    struct Code: Codable, Sendable {
        var client: String
        var user: Int64
        /// The scopes granted, space-separated.
        var scope: String
        var redirectURI: String
        /// The PKCE challenge (S256).
        var challenge: String
        var exp: Double
        var jti: String
    }

    /// What an access or refresh token carries: the grant.
    struct Grant: Codable, Sendable {
        var client: String
        var user: Int64
        var scope: String
        var exp: Double
        var jti: String
    }

    static let codeLifetime: TimeInterval = 60
    static let accessLifetime: TimeInterval = 3600
    /// `offline_access`'s refresh tokens.
    static let refreshLifetime: TimeInterval = 30 * 86_400
    /// `online_access`'s: while the owner uses the app, read as a day.
    static let onlineRefreshLifetime: TimeInterval = 86_400

    let codes: TokenSigner
    let access: TokenSigner
    let refresh: TokenSigner

    init(key: [UInt8]) {
        let key = TokenSigner.key(key, for: "SMART on FHIR tokens")
        codes = TokenSigner(prefix: "ohkc1.", key: key)
        access = TokenSigner(prefix: "ohka1.", key: key)
        refresh = TokenSigner(prefix: "ohkr1.", key: key)
    }

    /// A random token id.
    static func randomID() -> String {
        Base64URL.encode(RandomBytes.make(16))
    }
}
