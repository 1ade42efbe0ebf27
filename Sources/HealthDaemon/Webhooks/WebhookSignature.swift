import Crypto
import Foundation

/// Standard Webhooks' signatures (standardwebhooks.com): a secret `whsec_<base64 key>`; each message signed as
/// `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>` in the `webhook-signature` header.
enum WebhookSignature {
    static let secretPrefix = "whsec_"

    /// A new secret: 32 random bytes.
    static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return secretPrefix + Data((0..<32).map { _ in generator.next() as UInt8 }).base64EncodedString()
    }

    /// The `webhook-signature` value of a message; nil for a secret that is not `whsec_` and base64.
    static func signature(secret: String, id: String, timestamp: Int, body: Data) -> String? {
        guard secret.hasPrefix(secretPrefix),
            let key = Data(base64Encoded: String(secret.dropFirst(secretPrefix.count)))
        else { return nil }
        var content = Data("\(id).\(timestamp).".utf8)
        content.append(body)
        let code = HMAC<SHA256>.authenticationCode(for: content, using: SymmetricKey(data: key))
        return "v1," + Data(code).base64EncodedString()
    }
}
