package import Foundation

/// The store's ingest keys (``IngestKeyRecord``), kept in the storage's settings: each key under `ingestKeys/<id>`
/// and its last push under `ingestKeys/<id>/push`, so that noting a push never writes the key itself (a key revoked
/// while a push runs stays revoked). Both storages keep them alike, and they travel with the store when it is copied.
extension HealthEngine {
    private static let ingestKeyPrefix = "ingestKeys/"
    private static func keyKey(_ id: String) -> String { ingestKeyPrefix + id }
    private static func pushKey(_ id: String) -> String { ingestKeyPrefix + id + "/push" }

    /// Every ingest key of the store, by name, with its last push.
    package func ingestKeys() async throws -> [IngestKeyRecord] {
        let stored = try await storageCall { try await storage.settings(withPrefix: Self.ingestKeyPrefix) }
        return stored.compactMap { key, value -> IngestKeyRecord? in
            guard !key.dropFirst(Self.ingestKeyPrefix.count).contains("/") else { return nil }
            return Self.record(value, push: stored[key + "/push"])
        }.sorted { $0.name < $1.name }
    }

    /// The key with this public id, nil when there is none.
    package func ingestKey(id: String) async throws -> IngestKeyRecord? {
        let values = try await storageCall { try await storage.settings(withPrefix: Self.keyKey(id)) }
        return values[Self.keyKey(id)].flatMap { Self.record($0, push: values[Self.pushKey(id)]) }
    }

    /// Stores a new key (its last push aside).
    package func saveIngestKey(_ key: IngestKeyRecord) async throws {
        var stored = key
        stored.lastPush = nil
        stored.lastPushTimeZone = nil
        try await storageCall { try await storage.setSettings([Self.keyKey(key.id): SettingsJSON.encode(stored)]) }
    }

    /// Notes a push with the key `id`: when, and the time zone its dates were in.
    package func noteIngestKeyPush(id: String, at date: Date, timeZone: String?) async throws {
        let push = IngestKeyPush(time: date, timeZone: timeZone)
        try await storageCall { try await storage.setSettings([Self.pushKey(id): SettingsJSON.encode(push)]) }
    }

    /// Removes the key with this public id and its last push (nothing happens when there is none).
    package func removeIngestKey(id: String) async throws {
        try await storageCall { try await storage.setSettings([Self.keyKey(id): nil, Self.pushKey(id): nil]) }
    }

    /// A key's record with its last push; nil for one this version cannot read (skipped rather than trapped on).
    private static func record(_ text: String, push: String?) -> IngestKeyRecord? {
        guard var record = SettingsJSON.decode(IngestKeyRecord.self, text) else { return nil }
        if let push = push.flatMap({ SettingsJSON.decode(IngestKeyPush.self, $0) }) {
            record.lastPush = push.time
            record.lastPushTimeZone = push.timeZone
        }
        return record
    }
}

/// A key's last push, kept apart from the key.
private struct IngestKeyPush: Codable {
    var time: Date
    var timeZone: String?
}
