import OpenHealthKitEngine

/// The ids of a batch's lookup rows, asking the cache only when a row's type, source, revision or device differs from
/// the previous row's (a batch lists rows type by type, from a few sources; an export does): most rows hash nothing.
struct RowIdentifiers {
    private var cache: IdentifierCache
    private var lastType = LastID<String>()
    private var lastSource = LastID<SourceRow>()
    private var lastRevision = LastID<SourceRevision>()
    private var lastDevice = LastID<DeviceRow>()
    private var lastTouched: String?

    init(_ cache: IdentifierCache) {
        self.cache = cache
    }

    mutating func type(_ identifier: String) throws -> Int64 {
        if let id = lastType.id(for: identifier) { return id }
        return lastType.remember(try cache.typeID(identifier), for: identifier)
    }

    mutating func source(_ source: SourceRow) throws -> Int64 {
        if let id = lastSource.id(for: source) { return id }
        return lastSource.remember(try cache.sourceID(source), for: source)
    }

    mutating func revision(sourceID: Int64, _ revision: RevisionRow) throws -> Int64 {
        let key = SourceRevision(sourceID: sourceID, revision: revision)
        if let id = lastRevision.id(for: key) { return id }
        return lastRevision.remember(try cache.revisionID(sourceID: sourceID, revision), for: key)
    }

    mutating func device(_ device: DeviceRow) throws -> Int64 {
        if let id = lastDevice.id(for: device) { return id }
        return lastDevice.remember(try cache.deviceID(device), for: device)
    }

    /// Adds a stored row's type to the change, once per run of rows of one type.
    mutating func touch(_ type: String, _ types: inout Set<String>) {
        if lastTouched == type { return }
        types.insert(type)
        lastTouched = type
    }
}

/// The id looked up last and its key: a run of rows with the same key asks the cache once.
private struct LastID<Key: Equatable> {
    private var last: (key: Key, id: Int64)?

    /// The id remembered for `key`, nil when the last key was another.
    func id(for key: Key) -> Int64? {
        guard let last, last.key == key else { return nil }
        return last.id
    }

    /// Remembers `id` as `key`'s and returns it.
    mutating func remember(_ id: Int64, for key: Key) -> Int64 {
        last = (key, id)
        return id
    }
}

/// A revision of a stored source: the key of a revision's id.
private struct SourceRevision: Equatable {
    let sourceID: Int64
    let revision: RevisionRow
}
