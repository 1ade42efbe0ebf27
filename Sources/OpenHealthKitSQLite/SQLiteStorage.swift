package import Foundation
import GRDB
package import OpenHealthKitEngine
import OpenHealthKitModel

/// The embedded store: a SQLite database (a file in WAL mode, or in memory) behind the ``HealthStorage`` seam.
package final class SQLiteStorage: HealthStorage, @unchecked Sendable {
    // GRDB's writers are thread-safe; the commit watch is locked.
    let writer: any DatabaseWriter
    /// What ``otherCommits()`` has seen, while a watch is on (see SQLiteStorage+OtherCommits).
    let commitWatch = Locked<CommitWatch?>(nil)
    /// What the lookup tables' ids stand for, shared by this store's reads (see ``LookupCache``).
    let lookups = LookupCache()

    /// Whether its writes keep the statistics aggregates (``StatisticsAggregatesSetting``); without, they drop those
    /// of the types they write and statistics come from the samples.
    let keepsStatisticsAggregates: Bool

    /// Opens (creating if needed) the database file at `path`, readable and writable by its owner only (0600).
    package init(path: String, keepsStatisticsAggregates: Bool = true) throws {
        self.keepsStatisticsAggregates = keepsStatisticsAggregates
        try Self.createPrivateFile(at: path)
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(10)
        writer = try DatabasePool(path: path, configuration: configuration)
        try SchemaMigration.refuseNewer(applied: try writer.read(Schema.migrator.appliedIdentifiers))
        try Schema.migrator.migrate(writer)
    }

    /// Opens a private in-memory database, gone when the storage is released.
    package init(keepsStatisticsAggregates: Bool = true) throws {
        self.keepsStatisticsAggregates = keepsStatisticsAggregates
        writer = try DatabaseQueue()
        try Schema.migrator.migrate(writer)
    }

    /// Creates the file with mode 0600 before SQLite opens it, so it is never readable by others, and tightens an
    /// existing file. SQLite gives its -wal and -shm files the database file's mode.
    private static func createPrivateFile(at path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw StorageError.cannotCreate(path)
            }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    package func insert(_ rows: [SampleRow]) throws -> StoreChange {
        try writer.write { db in
            try notingOwnAnchors(db) {
                try StatisticsAggregates.maintaining(db, keeping: keepsStatisticsAggregates) { notes in
                    try SampleInserter(db, policy: .fail).insert(
                        rows, parents: Set(rows.compactMap(\.correlationUUID)), notes: &notes
                    ).change
                }
            }
        }
    }

    package func delete(uuids: [UUID]) throws -> StoreChange {
        try writer.write { db in
            try notingOwnAnchors(db) {
                try StatisticsAggregates.maintaining(db, keeping: keepsStatisticsAggregates) { notes in
                    try SampleDeleter(db).delete(uuids: uuids, notes: &notes)
                }
            }
        }
    }

    package func fetch(_ query: RowQuery) throws -> [SampleRow] {
        try writer.read { db in
            var rows: [SampleRow] = []
            try RowReader(db, lookups: lookups).forEach(query) { rows.append($0) }
            return rows
        }
    }

    package func forEachInReadOrder(_ query: RowQuery, _ body: (SampleRow, Int64) throws -> Void) throws {
        try writer.read { db in try RowReader(db, lookups: lookups).forEachInReadOrder(query, body) }
    }

    package func forEach(_ query: RowQuery, _ body: (SampleRow) throws -> Void) throws {
        try writer.read { db in try RowReader(db, lookups: lookups).forEach(query, body) }
    }

    package func forEachValue(
        _ query: RowQuery, sources: ([SourceRow]) throws -> Void, _ body: (ValueRow) throws -> Void
    ) throws {
        try writer.read { db in try StatisticsReader(db).forEachValue(query, sources: sources, body) }
    }

    package func fetchDeleted(_ query: RowQuery) throws -> [DeletedRow] {
        try writer.read { db in try RowReader(db).deleted(query) }
    }

    package func sources(_ query: RowQuery) throws -> [SourceRow] {
        try writer.read { db in try RowReader(db).sources(query) }
    }

    package func currentAnchor() throws -> Int64 {
        try writer.read { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM store_anchor")) ?? 0 }
    }

    package func setting(_ key: String) throws -> String? {
        try writer.read { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM setting WHERE key = ?"), arguments: [key])
        }
    }

    package func setSettings(_ values: [String: String?]) throws {
        try writer.write { db in
            for (key, value) in values {
                if let value {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
                } else {
                    try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
                }
            }
            try StatisticsAggregates(db, keeping: keepsStatisticsAggregates).settingsChanged(Array(values.keys))
        }
    }

    package func settings(withPrefix prefix: String) throws -> [String: String] {
        try writer.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT key, value FROM setting WHERE substr(key, 1, ?) = ?",
                arguments: [prefix.utf8.count, prefix])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["key"] as String, $0["value"] as String) })
        }
    }

    /// Runs SQLite's integrity check; "ok" when the file is sound.
    package func integrityCheck() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }
}
