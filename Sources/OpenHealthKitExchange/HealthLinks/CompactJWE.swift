import Crypto
package import Foundation
import ZIPFoundation

/// JSON Web Encryption (RFC 7516) in its compact serialization, as SMART Health Links encrypt their files: a key used
/// directly (`"alg": "dir"`), AES-256-GCM (`"enc": "A256GCM"`, RFC 7518 §5.3), the content type in `cty`, and the
/// plaintext compressed with raw DEFLATE first (`"zip": "DEF"`, RFC 1951, no zlib header).
///
/// `header..iv.ciphertext.tag`: the encrypted key is empty (`dir`), the IV 96 random bits drawn for every encryption
/// (a key may encrypt more than one file), and the protected header's base64url text the additional authenticated
/// data, so that no part can be changed unnoticed.
package enum CompactJWE {
    /// The 256-bit key's length in bytes.
    package static let keyByteCount = 32

    /// `plaintext` compressed and encrypted with `key` (32 bytes), labelled `contentType`.
    package static func encrypt(_ plaintext: Data, key: [UInt8], contentType: String) throws -> String {
        precondition(key.count == keyByteCount, "A256GCM takes a 256-bit key")
        let header = ["alg": "dir", "enc": "A256GCM", "cty": contentType, "zip": "DEF"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let protected = Base64URL.encode(try encoder.encode(header))
        let sealed = try AES.GCM.seal(
            try deflate(plaintext), using: SymmetricKey(data: key), nonce: AES.GCM.Nonce(),
            authenticating: Data(protected.utf8))
        return [
            protected, "", Base64URL.encode(sealed.nonce), Base64URL.encode(sealed.ciphertext),
            Base64URL.encode(sealed.tag),
        ].joined(separator: ".")
    }

    /// Raw DEFLATE, as a zip entry holds it.
    private static func deflate(_ data: Data) throws -> Data {
        var compressed = Data()
        _ = try Data.compress(
            size: Int64(data.count), bufferSize: 64 << 10,
            provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) },
            consumer: { compressed.append($0) })
        return compressed
    }
}
