package import Foundation

/// The store's ingest keys (``IngestKeyRecord``), kept in the storage's settings under `ingestKeys/<id>`: both
/// storages keep them alike, and they travel with the store when it is copied.
extension HealthEngine {
    private static let ingestKeyPrefix = "ingestKeys/"

    /// Every ingest key of the store, by name.
    package func ingestKeys() throws -> [IngestKeyRecord] {
        let stored = try storageCall { try storage.settings(withPrefix: Self.ingestKeyPrefix) }
        // A record this version cannot read is skipped rather than trapping on it.
        return stored.values.compactMap { try? JSONDecoder().decode(IngestKeyRecord.self, from: Data($0.utf8)) }
            .sorted { $0.name < $1.name }
    }

    /// The key with this public id, nil when there is none.
    package func ingestKey(id: String) throws -> IngestKeyRecord? {
        guard let text = try storageCall({ try storage.setting(Self.ingestKeyPrefix + id) }) else { return nil }
        return try? JSONDecoder().decode(IngestKeyRecord.self, from: Data(text.utf8))
    }

    /// Stores a key, or replaces the one of the same id.
    package func saveIngestKey(_ key: IngestKeyRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding strings and dates cannot fail.
        let text = String(decoding: try! encoder.encode(key), as: UTF8.self)
        try storageCall { try storage.setSettings([Self.ingestKeyPrefix + key.id: text]) }
    }

    /// Removes the key with this public id (nothing happens when there is none).
    package func removeIngestKey(id: String) throws {
        try storageCall { try storage.setSettings([Self.ingestKeyPrefix + id: nil]) }
    }
}
