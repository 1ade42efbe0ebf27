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
///
/// Memory: the plaintext is read from its file a chunk at a time as it is compressed; only the compressed bytes (at
/// most `limit`) and the JWE are held.
package enum CompactJWE {
    /// The 256-bit key's length in bytes.
    package static let keyByteCount = 32

    /// The contents of `file` compressed and encrypted with `key` (32 bytes), labelled `contentType`; nil when the
    /// compressed bytes would pass `limit`.
    package static func encrypt(deflating file: URL, key: [UInt8], contentType: String, limit: Int) throws -> String? {
        precondition(key.count == keyByteCount, "A256GCM takes a 256-bit key")
        guard let compressed = try deflate(file, limit: limit) else { return nil }
        let header = ["alg": "dir", "enc": "A256GCM", "cty": contentType, "zip": "DEF"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let protected = Base64URL.encode(try encoder.encode(header))
        let sealed = try AES.GCM.seal(
            compressed, using: SymmetricKey(data: key), nonce: AES.GCM.Nonce(), authenticating: Data(protected.utf8))
        return [
            protected, "", Base64URL.encode(sealed.nonce), Base64URL.encode(sealed.ciphertext),
            Base64URL.encode(sealed.tag),
        ].joined(separator: ".")
    }

    /// Raw DEFLATE of the file, as a zip entry holds it; nil past `limit` bytes (compression stops there).
    private static func deflate(_ file: URL, limit: Int) throws -> Data? {
        struct PastLimit: Error {}
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        var compressed = Data()
        do {
            _ = try Data.compress(
                size: Int64(size), bufferSize: 256 << 10,
                provider: { _, count in try handle.read(upToCount: count) ?? Data() },
                consumer: { chunk in
                    compressed.append(chunk)
                    if compressed.count > limit { throw PastLimit() }
                })
        } catch is PastLimit {
            return nil
        }
        return compressed
    }
}
