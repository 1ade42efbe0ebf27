import Crypto
import Foundation
import OpenHealthKitExchange
import OpenHealthKitModel

/// Issues and checks app credentials: `ohk1.<claims>.<signature>`, the claims being base64url JSON
/// (`app`, `user`, `iat`, `exp`, `jti`) and the signature HMAC-SHA256 over `ohk1.<claims>` with healthd's key.
///
/// A valid signature proves healthd issued the credential; whether it still works (not revoked, not replaced by
/// a newer one, not expired) is for the app registry to say.
struct CredentialAuthority: Sendable {
    struct Claims: Codable, Sendable, Equatable {
        /// The app's bundle identifier.
        var app: String
        /// The id of the user whose app it is, signed with the rest: a credential of one user never reads as
        /// another's. Nil in credentials issued before healthd served many users (the owner's).
        var user: Int64?
        /// Issued at, seconds since 1970.
        var iat: Double
        /// Expires at, seconds since 1970.
        var exp: Double
        /// The credential's random id: the registry accepts only the latest one of each app.
        var jti: String
    }

    private let signer: TokenSigner

    init(key: [UInt8]) {
        signer = TokenSigner(prefix: "ohk1.", key: SymmetricKey(data: key))
    }

    func issue(app: String, user: Int64, issuedAt: Date, lifetime: TimeInterval) -> (
        credential: String, claims: Claims
    ) {
        let claims = Claims(
            app: app, user: user, iat: issuedAt.timeIntervalSince1970.rounded(.down),
            exp: (issuedAt.timeIntervalSince1970 + lifetime).rounded(.down),
            jti: Base64URL.encode(RandomBytes.make(16)))
        return (signer.sign(claims), claims)
    }

    /// The claims of a credential healthd signed and that has not expired; nil for anything else.
    func verify(_ credential: String, now: Date = Date()) -> Claims? {
        guard let claims = signer.claims(of: credential, as: Claims.self), claims.exp > now.timeIntervalSince1970
        else { return nil }
        return claims
    }
}
