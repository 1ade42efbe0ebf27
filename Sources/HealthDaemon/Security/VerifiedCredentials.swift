import Foundation
import OpenHealthKitModel

/// Credentials whose signature healthd checked a moment ago, so that an app's every call does not pay for the
/// HMAC, the base64 and the JSON of its credential again.
///
/// Only the signature check is remembered: whether the credential still works (its expiry, the app registered and
/// not revoked, this its latest credential) is asked of the app registry on every call (`Authenticator.current`),
/// so a revocation, a removal or a newer credential takes effect on the very next call.
final class VerifiedCredentials: Sendable {
    /// At most 4,096 credentials, each for a minute.
    private let entries = ExpiringMemo<String, CredentialAuthority.Claims>(lifetime: 60, capacity: 4096)
    private let authority: CredentialAuthority

    init(authority: CredentialAuthority) {
        self.authority = authority
    }

    /// The claims of a credential healthd signed, from memory if it was verified in the last minute; nil for a
    /// credential that is malformed, forged or expired (``CredentialAuthority/verify(_:now:)``).
    func claims(of credential: String, now: Date = Date()) -> CredentialAuthority.Claims? {
        if let known = entries.value(for: credential, now: now), known.exp > now.timeIntervalSince1970 {
            return known
        }
        guard let claims = authority.verify(credential, now: now) else { return nil }
        entries.remember(claims, for: credential, now: now)
        return claims
    }
}
