package import Foundation
package import OpenHealthKitEngine

/// The ingest keys of one person's store (`hk ingest-keys`): made, listed, revoked, and checked when a phone pushes.
///
/// A key's text is `ohkingest1.<user>.<id>.<secret>`: the user whose store it fills (so that healthd finds the store
/// without trying every user's), the key's public id, and 32 random bytes, base64url. The store keeps the secret's
/// SHA-256 only (``IngestKeyRecord``): the key is shown once, when made. A key stores data for its own user and
/// nothing else: it reads nothing and is no app credential.
package struct IngestKeys {
    private let engine: HealthEngine

    package init(engine: HealthEngine) {
        self.engine = engine
    }

    static let prefix = "ohkingest1"

    /// Makes a key named `name` for `user` (its store is this engine's); the key's text is returned once.
    package func add(name: String, user: Int64, now: Date = Date()) throws -> (record: IngestKeyRecord, key: String) {
        try Self.check(name: name)
        guard try engine.blocking({ try await $0.ingestKeys() }).allSatisfy({ $0.name != name }) else {
            throw IngestKeyError("an ingest key named \(name) exists already")
        }
        let id = Base64URL.encode(RandomBytes.make(9))
        let secret = Base64URL.encode(RandomBytes.make(32))
        let record = IngestKeyRecord(name: name, id: id, secretHash: SecretDigest.of(secret), created: now)
        try engine.blocking { try await $0.saveIngestKey(record) }
        return (record, [Self.prefix, String(user), id, secret].joined(separator: "."))
    }

    package func list() throws -> [IngestKeyRecord] {
        try engine.blocking { try await $0.ingestKeys() }
    }

    /// Revokes the key named `name`: pushes with it are refused from then on.
    package func revoke(name: String) throws {
        guard let key = try engine.blocking({ try await $0.ingestKeys() }).first(where: { $0.name == name }) else {
            throw IngestKeyError("no ingest key is named \(name)")
        }
        try engine.blocking { try await $0.removeIngestKey(id: key.id) }
    }

    /// The user a key's text names, if it is shaped as a key at all (whether it is valid is ``verify(_:)``'s to say).
    package static func user(of key: String) -> Int64? {
        parse(key)?.user
    }

    /// The record of a valid key of this store; nil for anything else (unknown id and wrong secret alike).
    package func verify(_ key: String) throws -> IngestKeyRecord? {
        guard let parts = Self.parse(key), let record = try engine.blocking({ try await $0.ingestKey(id: parts.id) })
        else { return nil }
        return SecretDigest.matches(parts.secret, record.secretHash) ? record : nil
    }

    /// Notes a push with the key and the time zone its dates were in (Health shows each key's last, and offers the
    /// zone when Health's days follow another). The key itself is not written: one revoked meanwhile stays revoked.
    package func notePush(_ record: IngestKeyRecord, at date: Date = Date(), timeZone: String? = nil) throws {
        try engine.blocking {
            try await $0.noteIngestKeyPush(id: record.id, at: date, timeZone: timeZone ?? record.lastPushTimeZone)
        }
    }

    private static func parse(_ key: String) -> (user: Int64, id: String, secret: String)? {
        guard key.utf8.count <= 200 else { return nil }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == prefix, let user = Int64(parts[1]), !parts[2].isEmpty, !parts[3].isEmpty
        else { return nil }
        return (user, String(parts[2]), String(parts[3]))
    }

    /// A key's name: 1 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit (as a user's).
    private static func check(name: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        guard (1...64).contains(name.count), name.allSatisfy(allowed.contains), let first = name.first,
            first.isLetter || first.isNumber
        else {
            throw IngestKeyError(
                "an ingest key's name is 1 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit")
        }
    }
}

/// A refused ingest-key operation (a bad or taken name, an unknown key), said for people.
package struct IngestKeyError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
