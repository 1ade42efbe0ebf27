import Foundation
import OpenHealthKitEngine

/// Writes samples into the store's schema with raw prepared statements, doing what the store's writer does for
/// them and nothing more: the lookup rows (type, source, revision), one insert per sample binding the same
/// columns, a new anchor per sample, the type's longest duration and the store anchor, in one transaction.
struct RawSampleWriter {
    let database: RawDatabase

    static let insertSQL = """
        INSERT INTO sample (uuid, type_id, start_date, end_date, value, source_id, source_revision_id, device_id,
                            metadata, sync_identifier, sync_version, correlation_id, anchor)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Inserts the samples for `source`.
    func insert(_ samples: some Sequence<RawSample>, typeIdentifier: String, source: SourceRow, revision: RevisionRow)
        throws
    {
        try database.execute("BEGIN IMMEDIATE")
        let typeID = try id(
            insert: "INSERT OR IGNORE INTO object_type (identifier) VALUES (?)",
            select: "SELECT id FROM object_type WHERE identifier = ?", [typeIdentifier])
        let sourceID = try id(
            insert: "INSERT OR IGNORE INTO source (bundle_identifier, name) VALUES (?, ?)",
            select: "SELECT id FROM source WHERE bundle_identifier = ? AND name = ?",
            [source.bundleIdentifier, source.name])
        let revisionID = try id(
            insert:
                "INSERT OR IGNORE INTO source_revision (source_id, version, product_type, os_version) VALUES (?, ?, ?, ?)",
            select:
                "SELECT id FROM source_revision WHERE source_id = ? AND version = ? AND product_type = ? AND os_version = ?",
            [String(sourceID), revision.version, revision.productType, revision.operatingSystemVersion])
        var anchor = try database.int64("SELECT value FROM store_anchor") ?? 0
        var longest = 0.0

        let insert = try database.prepare(Self.insertSQL)
        for sample in samples {
            anchor += 1
            insert.bind(sample.uuid, at: 1)
            insert.bind(typeID, at: 2)
            insert.bind(sample.start, at: 3)
            insert.bind(sample.end, at: 4)
            insert.bind(sample.value, at: 5)
            insert.bind(sourceID, at: 6)
            insert.bind(revisionID, at: 7)
            for index: Int32 in 8...12 { insert.bindNull(at: index) }
            insert.bind(anchor, at: 13)
            try insert.run()
            longest = max(longest, sample.end - sample.start)
        }

        let duration = try database.prepare("UPDATE object_type SET max_duration = max(max_duration, ?) WHERE id = ?")
        duration.bind(longest, at: 1)
        duration.bind(typeID, at: 2)
        try duration.run()
        let storeAnchor = try database.prepare("UPDATE store_anchor SET value = ?")
        storeAnchor.bind(anchor, at: 1)
        try storeAnchor.run()
        try database.execute("COMMIT")
    }

    /// The id of a lookup row, inserted if missing.
    private func id(insert: String, select: String, _ values: [String]) throws -> Int64 {
        for sql in [insert, select] {
            let statement = try database.prepare(sql)
            for (index, value) in values.enumerated() { statement.bind(value, at: Int32(index + 1)) }
            if try statement.step() { return statement.int64(0) }
        }
        throw RawSQLiteError(message: "no id for \(values)")
    }
}
