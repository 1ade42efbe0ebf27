import Foundation
import OpenHealthKitExchange
import OpenHealthKitModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A secret kept in a file only its owner can read (mode 0600), created once with fresh random bytes.
enum SecretFile {
    /// The secret in the file at `path`, creating the file with `byteCount` random bytes (base64url text) when it
    /// does not exist. `created` tells whether this call made it. A file others can read is tightened to 0600.
    static func loadOrCreate(at path: String, byteCount: Int = 32) throws -> (secret: String, created: Bool) {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let secret = Base64URL.encode(RandomBytes.make(byteCount))
        // O_EXCL: exactly one process creates it; the mode is set at creation, never wider.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if descriptor >= 0 {
            defer { close(descriptor) }
            let bytes = Array((secret + "\n").utf8)
            guard write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
                throw DaemonStartError("cannot write \(path)")
            }
            return (secret, true)
        }
        guard errno == EEXIST else {
            throw DaemonStartError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty
        else {
            throw DaemonStartError("\(path) is empty or unreadable: remove it to make a new secret")
        }
        return (text, false)
    }
}

/// healthd cannot start: the message says why.
public struct DaemonStartError: Error, CustomStringConvertible {
    /// Why healthd cannot start.
    public let description: String
    init(_ description: String) { self.description = description }
}
