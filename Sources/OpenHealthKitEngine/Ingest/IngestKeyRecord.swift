package import Foundation

/// An ingest key as the store keeps it: its name, its public id, the SHA-256 of its secret (never the secret) and
/// when it was made and last pushed. A key lets a phone app push one person's data into their store
/// (`POST /v1/ingest/health-auto-export`); it reads nothing.
package struct IngestKeyRecord: Sendable, Equatable, Codable {
    /// The name the owner gave it (`hk ingest-keys add NAME`), unique in the store.
    package var name: String
    /// The key's public id, part of the key's text, by which a push finds the record.
    package var id: String
    /// The SHA-256 of the key's secret part, as lowercase hex.
    package var secretHash: String
    package var created: Date
    /// When a push with the key last stored or checked data; nil before its first.
    package var lastPush: Date?
    /// The time zone the last push's dates were written in (a fixed offset, `GMT+0100`), when they had one.
    package var lastPushTimeZone: String?

    package init(name: String, id: String, secretHash: String, created: Date, lastPush: Date? = nil) {
        self.name = name
        self.id = id
        self.secretHash = secretHash
        self.created = created
        self.lastPush = lastPush
    }
}
