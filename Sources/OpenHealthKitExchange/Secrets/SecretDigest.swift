import Crypto
package import Foundation

/// How a random secret is kept and checked: its SHA-256, hex. A secret of 256 random bits needs no slow hash (no
/// guess reaches it); the digest only keeps the secret itself out of the store. Ingest keys, SMART clients' secrets
/// and SMART Health Links keep theirs so.
package enum SecretDigest {
    package static func of(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `secret` is the one whose digest is `kept`, compared in constant time.
    package static func matches(_ secret: String, _ kept: String) -> Bool {
        constantTimeEquals(Array(of(secret).utf8), Array(kept.utf8))
    }
}

/// Compares secrets in time that does not depend on where they differ.
package func constantTimeEquals(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
}
