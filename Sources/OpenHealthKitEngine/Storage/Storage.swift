package import Foundation

/// The seam between the engine and a database: rows in, rows out, all-or-nothing writes.
///
/// A storage knows nothing of apps' permissions: the engine decides what may be written and narrows every read
/// with ``RowQuery/visibleSources``. Values arrive in each type's canonical unit, dates as seconds since 1970.
package protocol Storage: AnyObject, Sendable {
    /// Inserts the rows in one transaction, giving each a new anchor. A row whose UUID is already stored fails the
    /// whole batch. A row with a sync identifier replaces the stored row of the same source and identifier when its
    /// version is greater, and is skipped otherwise.
    func insert(_ rows: [SampleRow]) async throws -> StoreChange

    /// Deletes the rows with these UUIDs (and the members of deleted correlations), leaving tombstones.
    func delete(uuids: [UUID]) async throws -> StoreChange

    /// The rows matching `query`, in its order, up to its limit.
    func fetch(_ query: RowQuery) async throws -> [SampleRow]

    /// Calls `body` for each matching row without materializing them all (statistics, export). `body` must not call
    /// the storage: the read is still open.
    func forEach(_ query: RowQuery, _ body: (SampleRow) throws -> Void) async throws

    /// Calls `body` with each matching row as the storage reads it, up to the query's limit, and a key placing the row
    /// in the query's order: sorted by their keys, the rows are those ``fetch(_:)`` returns. A storage that reads in
    /// the query's order passes ascending keys; one that reads otherwise (SQLite reads a query with neither sort nor
    /// limit in the order of its scan) leaves the sorting to the caller, which keeps something smaller than rows (the
    /// engine's objects). `body` must not call the storage: the read is still open.
    func forEachInReadOrder(_ query: RowQuery, _ body: (SampleRow, _ key: Int64) throws -> Void) async throws

    /// The lean read of statistics, in one snapshot: first `sources` gets the visible sources that stored samples of
    /// the query's types, in the order each stored its first one; then `body` gets the start, end, value and source
    /// (an index into that list) of each matching row with a value, ordered by start date. The query's sort and limit
    /// are ignored.
    func forEachValue(
        _ query: RowQuery, sources: ([SourceRow]) throws -> Void, _ body: (ValueRow) throws -> Void
    ) async throws

    /// The tombstones matching the query's types, visible sources and anchor bound.
    func fetchDeleted(_ query: RowQuery) async throws -> [DeletedRow]

    /// The distinct sources of the matching rows.
    func sources(_ query: RowQuery) async throws -> [SourceRow]

    /// The anchor of the latest change.
    func currentAnchor() async throws -> Int64

    /// A small key-value area for the engine's own records (authorization, characteristics, priorities): the value
    /// stored under `key`, nil when none is.
    func setting(_ key: String) async throws -> String?
    /// Sets the values in one transaction; a nil value removes its key.
    func setSettings(_ values: [String: String?]) async throws
    /// Every stored setting whose key starts with `prefix`.
    func settings(withPrefix prefix: String) async throws -> [String: String]

    /// Starts telling the storage's own commits from those of other connections to the same file (other processes);
    /// false when no other connection can write to it. Until it stops, ``otherCommits()`` reports what others did.
    func startWatchingOtherCommits() async throws -> Bool
    /// Ends the watch ``startWatchingOtherCommits()`` started; nothing happens when none is on.
    func stopWatchingOtherCommits()

    /// What other connections committed since the watch started or since the last call; nil when nobody else did.
    /// Cheap when nothing happened (one pragma on the storage's own connection).
    func otherCommits() async throws -> OtherCommits?
}

extension Storage {
    /// ``forEachInReadOrder(_:_:)`` for a storage that reads in the query's order: the keys are the rows' positions.
    package func forEachInReadOrder(_ query: RowQuery, _ body: (SampleRow, _ key: Int64) throws -> Void) async throws {
        var position: Int64 = 0
        try await forEach(query) { row in
            try body(row, position)
            position += 1
        }
    }
}

/// What a write changed: the types it touched and the anchor after it.
package struct StoreChange: Sendable, Equatable {
    /// What a change is about.
    package enum Kind: Sendable, Hashable {
        /// Samples were saved or deleted: what queries of samples follow.
        case samples
        /// Only the order in which the sources of a quantity type count in statistics: what changes merged figures,
        /// not any sample (observer and anchored queries do not hear it).
        case sourcePriority
        /// Only an app's decisions (`app`): what it may read changed, so figures computed for it may change, but no
        /// sample did (observer and anchored queries do not hear it).
        case grants
        /// Only the user's preferred units of the types (the `HKUserPreferencesDidChange` notification).
        case preferredUnits
    }

    package var typeIdentifiers: Set<String>
    package var anchor: Int64
    package var kind: Kind
    /// For `.grants`, the app whose decisions changed.
    package var app: String?

    package init(typeIdentifiers: Set<String>, anchor: Int64, kind: Kind = .samples, app: String? = nil) {
        self.typeIdentifiers = typeIdentifiers
        self.anchor = anchor
        self.kind = kind
        self.app = app
    }

    package var isEmpty: Bool { typeIdentifiers.isEmpty }
}
