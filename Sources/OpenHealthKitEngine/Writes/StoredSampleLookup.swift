package import Foundation

/// What a storage's writer of samples reads of its store for ``SampleWritePlanner``, inside its writing
/// transaction: reads only, each of a whole batch's keys at once where the storage can.
package protocol StoredSampleLookup {
    /// The stored samples with these UUIDs (a UUID not stored has no entry; one may be listed twice), asked in the
    /// order the batch considers them.
    func storedSamples(_ uuids: [UUID]) async throws -> [UUID: StoredSampleReference]

    /// The stored samples holding these sync identifiers (a key not held has no entry).
    func syncHolders(_ keys: Set<SyncKey>) async throws -> [SyncKey: StoredSyncHolder]

    /// The row ids of the stored members of the correlation of row id `id`, ascending.
    func members(ofCorrelation id: Int64) async throws -> [Int64]
}

/// A stored sample, as a batch being planned sees it.
package struct StoredSampleReference: Equatable, Sendable {
    package let id: Int64
    /// Whether it belongs to a correlation.
    package var inCorrelation: Bool

    package init(id: Int64, inCorrelation: Bool) {
        self.id = id
        self.inCorrelation = inCorrelation
    }
}

/// A source's sync identifier: the key of HealthKit's sync rule (one object per source and identifier).
package struct SyncKey: Hashable, Sendable {
    /// The storage's row id of the source.
    package let sourceID: Int64
    package let identifier: String

    package init(sourceID: Int64, identifier: String) {
        self.sourceID = sourceID
        self.identifier = identifier
    }
}

/// The stored sample holding a sync identifier.
package struct StoredSyncHolder: Equatable, Sendable {
    package let id: Int64
    /// Its sync version; 0 when it has none.
    package let version: Int64

    package init(id: Int64, version: Int64) {
        self.id = id
        self.version = version
    }
}
