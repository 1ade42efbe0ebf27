import Crypto
import CryptoExtras
import Foundation

/// A sign-in secret as the database keeps it: never the secret, only its salted scrypt hash, with the salt and the
/// parameters beside it (`scrypt N=32768 r=8 p=1`), so that the cost can be raised later without losing the hashes
/// made before.
///
/// scrypt (swift-crypto's `KDF.Scrypt`, BoringSSL's) is slow and needs memory on purpose: N = 2^15, r = 8 (32 MiB a
/// guess), about a tenth of a second, so a stolen table is expensive to guess from; the secrets themselves are 256
/// random bits, which no guessing reaches.
struct SecretHash: Sendable, Equatable {
    let hash: [UInt8]
    let salt: [UInt8]
    let parameters: Parameters

    /// scrypt's cost parameters, stored as text beside the hash.
    struct Parameters: Sendable, Equatable {
        var rounds = 1 << 15
        var blockSize = 8
        var parallelism = 1

        var text: String { "scrypt N=\(rounds) r=\(blockSize) p=\(parallelism)" }

        /// Reads ``text``; nil for anything else.
        init?(text: String) {
            let parts = text.split(separator: " ")
            guard parts.count == 4, parts[0] == "scrypt", let rounds = Self.value(parts[1], "N"),
                let blockSize = Self.value(parts[2], "r"), let parallelism = Self.value(parts[3], "p")
            else { return nil }
            self.init(rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        }

        init(rounds: Int = 1 << 15, blockSize: Int = 8, parallelism: Int = 1) {
            self.rounds = rounds
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        private static func value(_ part: Substring, _ name: String) -> Int? {
            guard part.hasPrefix(name + "=") else { return nil }
            return Int(part.dropFirst(name.count + 1)).flatMap { (1...(1 << 20)).contains($0) ? $0 : nil }
        }
    }

    /// The hash of `secret` with a fresh random salt and the current parameters.
    init(of secret: String) throws {
        let salt = Array(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
        try self.init(of: secret, salt: salt, parameters: Parameters())
    }

    /// The hash of `secret` with `salt` and `parameters`.
    init(of secret: String, salt: [UInt8], parameters: Parameters) throws {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(secret.utf8), salt: salt, outputByteCount: 32, rounds: parameters.rounds,
            blockSize: parameters.blockSize, parallelism: parameters.parallelism)
        hash = key.withUnsafeBytes { Array($0) }
        self.salt = salt
        self.parameters = parameters
    }

    init(hash: [UInt8], salt: [UInt8], parameters: Parameters) {
        self.hash = hash
        self.salt = salt
        self.parameters = parameters
    }

    /// Whether `secret` hashes to this hash, compared in time that does not depend on where they differ.
    func matches(_ secret: String) throws -> Bool {
        let other = try SecretHash(of: secret, salt: salt, parameters: parameters)
        guard other.hash.count == hash.count else { return false }
        return zip(other.hash, hash).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A new secret: 256 random bits as base64url text (43 characters).
    static func newSecret() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
