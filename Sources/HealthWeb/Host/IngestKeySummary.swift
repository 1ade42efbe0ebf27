package import Foundation

/// An ingest key as Sources lists it: its name and dates, never its secret or the secret's hash. A key lets a phone
/// app (Health Auto Export) push the owner's data to healthd; the owner makes one with `hk ingest-keys add NAME`
/// (docs/INGEST.md).
package struct IngestKeySummary: Sendable, Equatable {
    /// The name the owner gave it, unique among the store's keys.
    package let name: String
    package let created: Date
    /// When a push with the key last arrived; nil before its first.
    package let lastPush: Date?
    /// The time zone of the last push's dates (a fixed offset, `GMT+0100`), when known.
    package let lastPushTimeZone: String?

    package init(name: String, created: Date, lastPush: Date?, lastPushTimeZone: String? = nil) {
        self.name = name
        self.created = created
        self.lastPush = lastPush
        self.lastPushTimeZone = lastPushTimeZone
    }
}
