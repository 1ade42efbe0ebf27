import GRDB
package import OpenHealthKitEngine
import OpenHealthKitModel

/// Seeing what other processes commit to the same file.
///
/// SQLite's `PRAGMA data_version` changes on a connection only when another connection commits, so it is asked on
/// the storage's writer connection: the storage's own writes never move it, and the writer serializes the check with
/// them. The anchors each own write gave out are noted inside its transaction, so the rows found beyond the last
/// anchor seen are told apart from this storage's own (whose changes the engine already published), even when the
/// commits of both interleave.
extension SQLiteStorage {
    struct CommitWatch {
        var dataVersion: Int64
        var seenAnchor: Int64
        /// The anchors above `seenAnchor` given by this storage's own writes.
        var ownAnchors: [ClosedRange<Int64>] = []
    }

    package func startWatchingOtherCommits() throws -> Bool {
        guard writer is DatabasePool else { return false }
        try writer.writeWithoutTransaction { db in
            let watch = CommitWatch(dataVersion: try Self.dataVersion(db), seenAnchor: try Self.anchor(db))
            commitWatch.withLock { $0 = watch }
        }
        return true
    }

    package func stopWatchingOtherCommits() {
        commitWatch.withLock { $0 = nil }
    }

    package func otherCommits() throws -> OtherCommits? {
        guard commitWatch.withLock({ $0 != nil }) else { return nil }
        return try writer.writeWithoutTransaction { db -> OtherCommits? in
            guard var watch = commitWatch.withLock({ $0 }) else { return nil }
            let version = try Self.dataVersion(db)
            guard version != watch.dataVersion else { return nil }
            let anchor = try Self.anchor(db)
            var types = Set<String>()
            for range in OtherCommits.gaps(after: watch.seenAnchor, upTo: anchor, skipping: watch.ownAnchors) {
                types.formUnion(
                    try String.fetchAll(
                        db,
                        sql: """
                            SELECT t.identifier FROM object_type t WHERE EXISTS (
                                SELECT 1 FROM sample s WHERE s.type_id = t.id AND s.anchor BETWEEN ? AND ?)
                            OR EXISTS (SELECT 1 FROM deleted_object d WHERE d.type_id = t.id AND d.anchor BETWEEN ? AND ?)
                            """, arguments: [range.lowerBound, range.upperBound, range.lowerBound, range.upperBound]))
            }
            watch.dataVersion = version
            watch.seenAnchor = max(watch.seenAnchor, anchor)
            watch.ownAnchors.removeAll { $0.upperBound <= watch.seenAnchor }
            commitWatch.withLock { $0 = watch }
            return OtherCommits(typeIdentifiers: types, anchor: anchor)
        }
    }

    /// Runs an own write inside its transaction, noting the anchors it gives out while a watch is on.
    func notingOwnAnchors<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        guard commitWatch.withLock({ $0 != nil }) else { return try body() }
        let before = try Self.anchor(db)
        let result = try body()
        let after = try Self.anchor(db)
        if after > before { commitWatch.withLock { $0?.ownAnchors.append((before + 1)...after) } }
        return result
    }

    private static func dataVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    private static func anchor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT value FROM store_anchor") ?? 0
    }
}
