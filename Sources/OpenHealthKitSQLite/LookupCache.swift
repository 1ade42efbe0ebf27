import GRDB
import GRDBSQLite
import OpenHealthKitEngine
import OpenHealthKitModel

/// What the ids of the lookup tables stand for (a type's identifier, a source revision, a device), remembered across
/// the reads of one store so that a read selects integer ids and decodes no string of those tables per row.
///
/// Why it stays correct while other connections and processes write the same file:
/// - A committed `object_type`, `source_revision` or `device` row is never updated nor deleted (only
///   ``IdentifierCache`` writes them, and it only inserts; `object_type.max_duration` changes, and is not cached), so
///   an id read from committed data means the same thing for as long as the file exists. A new row is a miss, read
///   once.
/// - Only what a read *without* a write transaction of its own saw enters the cache: a row a transaction inserted and
///   then rolled back is never remembered, so its id, which SQLite may give to another row later, is not either.
/// - `source.name` changes (an app renames itself), so sources are not cached here: each read resolves the names of
///   its sources once, in its own transaction (``LookupResolver``).
final class LookupCache: Sendable {
    /// The remembered values, by id.
    struct Entries {
        var types: [Int64: String] = [:]
        var revisions: [Int64: RevisionRow] = [:]
        var devices: [Int64: DeviceRow] = [:]
    }

    private let entries = Locked(Entries())

    /// A copy of the entries (copy on write: nothing is copied unless the copy is changed).
    func snapshot() -> Entries {
        entries.withLock { $0 }
    }

    /// Adds what a read learned.
    func merge(_ learned: Entries) {
        entries.withLock { entries in
            entries.types.merge(learned.types) { old, _ in old }
            entries.revisions.merge(learned.revisions) { old, _ in old }
            entries.devices.merge(learned.devices) { old, _ in old }
        }
    }
}

/// Resolves the lookup ids of the rows of one read, in the read's transaction: types, revisions and devices from the
/// store's ``LookupCache`` (reading a missing id once), sources from the database once per read. Rows with the same
/// ids share one ``SampleRow/Origin``; the ids before are remembered, so a run of rows of one origin hashes nothing.
struct LookupResolver {
    private let db: Database
    private let cache: LookupCache?
    private var entries: LookupCache.Entries
    private var learned = LookupCache.Entries()
    private var sources: [Int64: SourceRow] = [:]
    private var origins: [OriginIDs: SampleRow.Origin] = [:]
    private var lastOrigin: (ids: OriginIDs, origin: SampleRow.Origin)?

    /// The lookup ids of a row's origin.
    struct OriginIDs: Hashable {
        var type: Int64
        var source: Int64
        var revision: Int64
        var device: Int64?
    }

    /// A resolver for one read on `db`; `cache` nil remembers nothing beyond the read.
    init(_ db: Database, cache: LookupCache?) {
        self.db = db
        // A connection inside its own write transaction may see rows that will be rolled back: it neither learns
        // from nor teaches the shared cache.
        let writing = sqlite3_txn_state(db.sqliteConnection, nil) == SQLITE_TXN_WRITE
        self.cache = writing ? nil : cache
        entries = self.cache?.snapshot() ?? LookupCache.Entries()
    }

    /// Hands what this read learned to the store's cache.
    func finish() {
        guard let cache, !learned.types.isEmpty || !learned.revisions.isEmpty || !learned.devices.isEmpty else {
            return
        }
        cache.merge(learned)
    }

    /// The origin these ids stand for, shared with every row of this read that has the same ids.
    mutating func origin(_ ids: OriginIDs) throws -> SampleRow.Origin {
        if let lastOrigin, lastOrigin.ids == ids { return lastOrigin.origin }
        let origin: SampleRow.Origin
        if let known = origins[ids] {
            origin = known
        } else {
            origin = SampleRow.Origin(
                typeIdentifier: try type(ids.type), source: try source(ids.source),
                revision: try revision(ids.revision),
                device: try ids.device.map { try device($0) })
            origins[ids] = origin
        }
        lastOrigin = (ids, origin)
        return origin
    }

    private mutating func type(_ id: Int64) throws -> String {
        let db = db  // the closure must not capture self, which `remembered` changes
        return try remembered(id, \.types) {
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT identifier FROM object_type WHERE id = ?"), arguments: [id])
        } ?? ""
    }

    private mutating func source(_ id: Int64) throws -> SourceRow {
        if let known = sources[id] { return known }
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT bundle_identifier, name FROM source WHERE id = ?"), arguments: [id])
        let source = SourceRow(bundleIdentifier: row?[0] ?? "", name: row?[1] ?? "")
        sources[id] = source
        return source
    }

    private mutating func revision(_ id: Int64) throws -> RevisionRow {
        let db = db
        return try remembered(id, \.revisions) {
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT version, product_type, os_version FROM source_revision WHERE id = ?"),
                arguments: [id]
            ).map { RevisionRow(version: $0[0], productType: $0[1], operatingSystemVersion: $0[2]) }
        } ?? RevisionRow()
    }

    private mutating func device(_ id: Int64) throws -> DeviceRow {
        let db = db
        return try remembered(id, \.devices) {
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(IdentifierCache.deviceColumns) FROM device WHERE id = ?"),
                arguments: [id]
            ).map { row in DeviceRow(fields: DeviceRow.columnNames.indices.map { row[$0] }) }
        } ?? DeviceRow()
    }

    /// The value of `id` in one table's entries, read with `read` (on the read's connection) when missing, and then
    /// remembered. A sample's lookup rows exist (foreign keys): a missing one is not remembered.
    private mutating func remembered<Value>(
        _ id: Int64, _ table: WritableKeyPath<LookupCache.Entries, [Int64: Value]>, read: () throws -> Value?
    ) rethrows -> Value? {
        if let known = entries[keyPath: table][id] { return known }
        guard let value = try read() else { return nil }
        entries[keyPath: table][id] = value
        learned[keyPath: table][id] = value
        return value
    }
}
