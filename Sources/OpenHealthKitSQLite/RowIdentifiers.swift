import OpenHealthKitEngine

/// The ids of a batch's lookup rows, asking the cache only when a row's type, source, revision or device differs from
/// the previous row's (a batch lists rows type by type, from a few sources; an export does): most rows hash nothing.
struct RowIdentifiers {
    private var cache: IdentifierCache
    private var lastType: (String, Int64)?
    private var lastSource: (SourceRow, Int64)?
    private var lastRevision: (Int64, RevisionRow, Int64)?
    private var lastDevice: (DeviceRow, Int64)?
    private var lastTouched: String?

    init(_ cache: IdentifierCache) {
        self.cache = cache
    }

    mutating func type(_ identifier: String) throws -> Int64 {
        if let (last, id) = lastType, last == identifier { return id }
        let id = try cache.typeID(identifier)
        lastType = (identifier, id)
        return id
    }

    mutating func source(_ source: SourceRow) throws -> Int64 {
        if let (last, id) = lastSource, last == source { return id }
        let id = try cache.sourceID(source)
        lastSource = (source, id)
        return id
    }

    mutating func revision(sourceID: Int64, _ revision: RevisionRow) throws -> Int64 {
        if let (lastSourceID, last, id) = lastRevision, lastSourceID == sourceID, last == revision { return id }
        let id = try cache.revisionID(sourceID: sourceID, revision)
        lastRevision = (sourceID, revision, id)
        return id
    }

    mutating func device(_ device: DeviceRow) throws -> Int64 {
        if let (last, id) = lastDevice, last == device { return id }
        let id = try cache.deviceID(device)
        lastDevice = (device, id)
        return id
    }

    /// Adds a stored row's type to the change, once per run of rows of one type.
    mutating func touch(_ type: String, _ types: inout Set<String>) {
        if lastTouched == type { return }
        types.insert(type)
        lastTouched = type
    }
}
