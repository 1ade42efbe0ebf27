import GRDB
import OpenHealthKitEngine

/// Finds or creates the ids of the small lookup tables (types, sources, revisions, devices) during one write,
/// remembering them so a batch of a million rows asks the database once per distinct value.
struct IdentifierCache {
    let db: Database
    private var types: [String: Int64] = [:]
    private var sources: [String: Int64] = [:]
    private var revisions: [RevisionKey: Int64] = [:]
    private var devices: [DeviceRow: Int64] = [:]

    private struct RevisionKey: Hashable {
        var sourceID: Int64
        var revision: RevisionRow
    }

    init(_ db: Database) {
        self.db = db
    }

    mutating func typeID(_ identifier: String) throws -> Int64 {
        if let id = types[identifier] { return id }
        let id = try Self.typeID(identifier, in: db, create: true)!
        types[identifier] = id
        return id
    }

    /// The id of a type, or nil when it was never stored (and `create` is false).
    static func typeID(_ identifier: String, in db: Database, create: Bool) throws -> Int64? {
        if let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM object_type WHERE identifier = ?"), arguments: [identifier])
        {
            return id
        }
        guard create else { return nil }
        try db.execute(sql: "INSERT INTO object_type (identifier) VALUES (?)", arguments: [identifier])
        return db.lastInsertedRowID
    }

    mutating func sourceID(_ source: SourceRow) throws -> Int64 {
        if let id = sources[source.bundleIdentifier] { return id }
        let id: Int64
        if let existing = try Int64.fetchOne(
            db, sql: "SELECT id FROM source WHERE bundle_identifier = ?", arguments: [source.bundleIdentifier])
        {
            // The latest name an app gives itself is the one shown.
            try db.execute(
                sql: "UPDATE source SET name = ? WHERE id = ? AND name <> ?",
                arguments: [source.name, existing, source.name])
            id = existing
        } else {
            try db.execute(
                sql: "INSERT INTO source (bundle_identifier, name) VALUES (?, ?)",
                arguments: [source.bundleIdentifier, source.name])
            id = db.lastInsertedRowID
        }
        sources[source.bundleIdentifier] = id
        return id
    }

    mutating func revisionID(sourceID: Int64, _ revision: RevisionRow) throws -> Int64 {
        let key = RevisionKey(sourceID: sourceID, revision: revision)
        if let id = revisions[key] { return id }
        let arguments: StatementArguments = [
            sourceID, revision.version, revision.productType, revision.operatingSystemVersion,
        ]
        try db.execute(
            sql:
                "INSERT OR IGNORE INTO source_revision (source_id, version, product_type, os_version) VALUES (?, ?, ?, ?)",
            arguments: arguments)
        let id = try Int64.fetchOne(
            db,
            sql:
                "SELECT id FROM source_revision WHERE source_id = ? AND version = ? AND product_type = ? AND os_version = ?",
            arguments: arguments)!
        revisions[key] = id
        return id
    }

    mutating func deviceID(_ device: DeviceRow) throws -> Int64 {
        if let id = devices[device] { return id }
        let arguments = StatementArguments(device.fields)
        try db.execute(
            sql: "INSERT OR IGNORE INTO device (\(Self.deviceColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: arguments)
        let id = try Int64.fetchOne(
            db, sql: "SELECT id FROM device WHERE (\(Self.deviceColumns)) = (?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: arguments)!
        devices[device] = id
        return id
    }

    /// The device columns in ``DeviceRow/fields`` order, as a list.
    static let deviceColumns = DeviceRow.columnNames.joined(separator: ", ")
}
