import Crypto
import Foundation
import OpenHealthKitExchange

/// Tokens healthd signs and reads back: `<prefix><claims>.<signature>`, the claims base64url JSON and the signature
/// HMAC-SHA256 over `<prefix><claims>` with healthd's key. The prefix (`ohk1.`, `ohka1.`...) names what a token is
/// and is signed with it, so that one kind of token never reads as another.
///
/// A valid signature proves healthd issued the token; whether it still works (expiry, revocation) is for its reader
/// to say.
struct TokenSigner: Sendable {
    /// Ends with its one dot.
    let prefix: String
    private let key: SymmetricKey
    /// Longer tokens are refused unread.
    private static let maximumLength = 16_384

    init(prefix: String, key: SymmetricKey) {
        precondition(prefix.hasSuffix(".") && prefix.filter { $0 == "." }.count == 1, "a prefix ends with its one dot")
        self.prefix = prefix
        self.key = key
    }

    /// A key of its own for one use of healthd's key (`purpose` names it), so that tokens of one use are never
    /// signed with another's key.
    static func key(_ key: [UInt8], for purpose: String) -> SymmetricKey {
        SymmetricKey(data: HMAC<SHA256>.authenticationCode(for: Data(purpose.utf8), using: SymmetricKey(data: key)))
    }

    func sign(_ claims: some Encodable) -> String {
        // Encoding a struct of strings and numbers cannot fail.
        let payload = prefix + Base64URL.encode(try! JSONEncoder().encode(claims))
        let signature = HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: key)
        return payload + "." + Base64URL.encode(signature)
    }

    /// The claims of a token this signer signed; nil for anything else (another kind, forged, malformed).
    func claims<Claims: Decodable>(of token: String, as type: Claims.Type = Claims.self) -> Claims? {
        guard token.hasPrefix(prefix), token.utf8.count < Self.maximumLength else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let claims = Base64URL.decode(parts[1]), let signature = Base64URL.decode(parts[2])
        else { return nil }
        let payload = Data((parts[0] + "." + parts[1]).utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: payload, using: key) else { return nil }
        return try? JSONDecoder().decode(type, from: claims)
    }
}
