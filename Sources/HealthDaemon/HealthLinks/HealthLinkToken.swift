import Foundation
import OpenHealthKitExchange

/// The last segment of a SMART Health Link's manifest URL: `<user>.<id>.<secret>`, the user whose store holds the
/// link (so that healthd finds it without asking every user's store), the link's public id, and 32 random bytes,
/// base64url: the 256 bits of entropy the specification asks of a manifest URL. The store keeps the secret's
/// ``SecretDigest`` only.
struct HealthLinkToken: Equatable {
    let user: Int64
    let id: String
    let secret: String

    /// A new token of `user`'s.
    init(user: Int64) {
        self.user = user
        id = Base64URL.encode(RandomBytes.make(9))
        secret = Base64URL.encode(RandomBytes.make(32))
    }

    /// Reads a token; nil for anything not shaped as one (whether it opens a link is for the link's record to say).
    init?(_ text: some StringProtocol) {
        guard text.utf8.count <= 80 else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let user = Int64(parts[0]), user > 0, parts[1].utf8.count == 12,
            parts[2].utf8.count == 43, parts.dropFirst().allSatisfy({ $0.allSatisfy(Self.alphabet.contains) })
        else { return nil }
        self.user = user
        id = String(parts[1])
        secret = String(parts[2])
    }

    var text: String { "\(user).\(id).\(secret)" }

    private static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
}
