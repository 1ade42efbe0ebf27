import Crypto
import Foundation
import OpenHealthKitModel

/// Secrets scrypt found matching a moment ago, so that an owner's every call (healthd's Basic sign-in is checked on
/// each) does not pay for scrypt again: a tenth of a second and 32 MiB each, on purpose.
///
/// Nothing here can sign in what scrypt would refuse: an entry is the user's stored hash (so a new secret, or a
/// user removed and added again, misses) and an HMAC of the secret under a key made for this process (the secret
/// itself is not kept), and only a match scrypt confirmed is remembered. A wrong secret and an unknown name still
/// cost one scrypt each, so neither answer nor timing tells them apart; only the right secret is answered sooner,
/// which tells its sender nothing the answer does not.
final class VerifiedSecrets: Sendable {
    private struct Entry {
        let stored: SecretHash
        let code: HashedAuthenticationCode<SHA256>
    }

    private let key = SymmetricKey(size: .bits256)
    /// At most 1,024 users' secrets, each for five minutes.
    private let entries = ExpiringMemo<Int64, Entry>(lifetime: 300, capacity: 1024)

    init() {}

    /// Whether `secret` is user `id`'s, whose stored hash is `stored`: from memory when scrypt confirmed it in the
    /// last five minutes, else by scrypt (``SecretHash/matches(_:)``).
    func matches(_ secret: String, of id: Int64, stored: SecretHash, now: Date = Date()) throws -> Bool {
        if let known = entries.value(for: id, now: now), known.stored == stored,
            HMAC<SHA256>.isValidAuthenticationCode(known.code, authenticating: Data(secret.utf8), using: key)
        {
            return true
        }
        guard try stored.matches(secret) else { return false }
        let code = HMAC<SHA256>.authenticationCode(for: Data(secret.utf8), using: key)
        entries.remember(Entry(stored: stored, code: code), for: id, now: now)
        return true
    }
}
