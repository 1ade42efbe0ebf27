import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine
import OpenHealthKitModel

/// The statistics aggregates of the SQLite store (see ``StatisticsAggregateStorage``): the statements
/// ``StatisticsUpkeep`` executes to keep them in step with the samples inside each writing transaction, and their read.
struct StatisticsAggregates: StatisticsUpkeepStatements {
    /// The table of each bucket length.
    static func table(_ granularity: AggregateGranularity) -> String {
        granularity == .hour ? "statistics_hour" : "statistics_bucket"
    }

    let db: Database
    /// Whether writes keep the aggregates (the storage's setting; migrations always do), or drop those of the types
    /// they write (``StatisticsUpkeep/forget(_:)``).
    let keeping: Bool

    init(_ db: Database, keeping: Bool = true) {
        self.db = db
        self.keeping = keeping
    }

    /// Runs `body`, the writes of samples of the caller's transaction, then brings the aggregates in step with what
    /// it noted (or, not `keeping` them, drops those of the types it wrote).
    static func maintaining<T>(_ db: Database, keeping: Bool, _ body: (inout StatisticsNotes) throws -> T) throws -> T {
        var notes = StatisticsNotes()
        let result = try body(&notes)
        try StatisticsAggregates(db, keeping: keeping).maintain(&notes)
        return result
    }

    /// Brings the aggregates in step with what the caller's writes noted, in its transaction, after them.
    func maintain(_ notes: inout StatisticsNotes) throws {
        try InlineExecution.complete { try await StatisticsUpkeep(self).bringInStep(&notes, keeping: keeping) }
    }

    /// After settings `keys` changed in the caller's transaction: the types whose source priority changed get their
    /// ranking checked (and their merged rows computed again when it changed).
    func settingsChanged(_ keys: [String]) throws {
        let prefix = SourcePriority.settingPrefix
        try checkRankings(
            of: keys.filter { $0.hasPrefix(prefix) }.compactMap {
                try IdentifierCache.typeID(String($0.dropFirst(prefix.count)), in: db, create: false)
            })
    }

    /// Checks the ranking of the types `typeIDs`: a type without aggregates is built, one whose ranking changed is
    /// computed again whole.
    func checkRankings(of typeIDs: [Int64]) throws {
        var notes = StatisticsNotes()
        for typeID in typeIDs { notes.noteRanking(type: typeID) }
        try maintain(&notes)
    }

    // MARK: Statements

    /// A type without aggregates (new, or dropped by a store keeping none) is built by the next write of it that keeps
    /// them: SQLite's reads stay plain reads.
    var buildsUnbuiltTypesOnWrite: Bool { true }

    func rankingStates(of types: [Int64]) throws -> [StatisticsRankingState] {
        guard !types.isEmpty else { return [] }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT o.id, o.identifier, r.sources, st.value FROM object_type o
                LEFT JOIN statistics_ranking r ON r.type_id = o.id
                LEFT JOIN setting st ON st.key = ? || o.identifier
                WHERE o.id IN (\(types.map(String.init).joined(separator: ", ")))
                """,
            arguments: [SourcePriority.settingPrefix])
        return rows.map { row in
            StatisticsRankingState(
                typeID: row[0], identifier: row[1],
                ranking: (row[2] as String?).map(StatisticsRanking.ranked) ?? .unbuilt,
                prioritySetting: row[3])
        }
    }

    func sourcesByFirstSample(of typeIdentifier: String) throws -> [(id: Int64, row: SourceRow)] {
        try StatisticsReader(db).sourcesByFirstSample(RowQuery(typeIdentifiers: [typeIdentifier]))
    }

    func extent(of typeID: Int64) throws -> SampleExtent? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT min(start_date), max(CASE WHEN end_date < ?1 THEN end_date ELSE start_date END),
                        max(end_date), coalesce(max(CASE WHEN end_date < ?1 THEN end_date - start_date ELSE 0 END), 0) <= ?2
                    FROM sample WHERE type_id = ?3
                    """,
                arguments: [
                    StatisticsAggregation.undeterminedEnd, StatisticsAggregation.longestBucketedDuration, typeID,
                ]),
            let start = row[0] as Double?, let end = row[1] as Double?, let last = row[2] as Double?
        else { return nil }
        return SampleExtent(
            firstStart: start, lastEndOrInstant: end, lastEnd: last, durationsFit: row[3] as Bool? == true)
    }

    /// `statistics_ranking.sources` is not null: a type that keeps none has no row, like one not built.
    func replaceRanking(of typeID: Int64, with ranking: StatisticsRanking) throws {
        try db.execute(sql: "DELETE FROM statistics_ranking WHERE type_id = ?", arguments: [typeID])
        for granularity in AggregateGranularity.allCases {
            try db.execute(sql: "DELETE FROM \(Self.table(granularity)) WHERE type_id = ?", arguments: [typeID])
        }
        if case .ranked(let key) = ranking {
            try db.execute(
                sql: "INSERT INTO statistics_ranking (type_id, sources) VALUES (?, ?)", arguments: [typeID, key])
        }
    }

    func occupiedHours(of typeID: Int64, in ranges: [ClosedRange<Int64>]) throws -> Set<Int64> {
        let hour = AggregateGranularity.hour.quarterHours
        let statement = try db.cachedStatement(
            sql: "SELECT bucket FROM statistics_hour WHERE type_id = ? AND source_id = 0 AND bucket BETWEEN ? AND ?")
        var hours: Set<Int64> = []
        for range in ranges {
            hours.formUnion(
                try Int64.fetchAll(
                    statement, arguments: [typeID, range.lowerBound / hour, (range.upperBound + 1) / hour - 1]))
        }
        return hours
    }

    func forEachValue(
        of typeIdentifier: String, overlapping quarters: Range<Int64>, sources: [(id: Int64, row: SourceRow)],
        _ body: (ValueRow) throws -> Void
    ) throws {
        try StatisticsReader(db).forEachValue(
            StatisticsAggregation.valueQuery(typeIdentifier, overlapping: quarters), list: sources, body)
    }

    func firstStart(of typeID: Int64, atOrAfter time: Double) throws -> Double? {
        try Double.fetchOne(
            db, sql: "SELECT min(start_date) FROM sample WHERE type_id = ? AND start_date >= ?",
            arguments: [typeID, time])
    }

    func deleteRows(of typeID: Int64, in ranges: [ClosedRange<Int64>]) throws {
        for granularity in AggregateGranularity.allCases {
            let statement = try db.cachedStatement(
                sql: "DELETE FROM \(Self.table(granularity)) WHERE type_id = ? AND bucket >= ? AND bucket <= ?")
            for range in ranges {
                // Both ends are hour edges, so the divisions are exact.
                try statement.execute(arguments: [
                    typeID, range.lowerBound / granularity.quarterHours,
                    (range.upperBound + 1) / granularity.quarterHours - 1,
                ])
            }
        }
    }

    /// Bound by hand, without GRDB's arguments: an import writes a row per source and bucket of every hour it fills.
    func insertRows(
        _ rows: [(AggregateGranularity, AggregateRow)], of typeID: Int64, sourceIDs: [Int64], replacing: Bool
    ) throws {
        var statements: [AggregateGranularity: Statement] = [:]
        for granularity in AggregateGranularity.allCases {
            statements[granularity] = try db.cachedStatement(
                sql: """
                    INSERT \(replacing ? "OR REPLACE " : "")INTO \(Self.table(granularity)) (type_id, source_id, bucket,
                        members, spanning, sum,
                        value_sum, minimum, maximum, latest_start, latest_end, latest_value, earliest_start,
                        latest_member_end, weighted_sum, weight, first_start, tail_date, tail_quantity, tail_count)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
        }
        for (granularity, row) in rows {
            let statement = statements[granularity]!.sqliteStatement
            let binding = SQLiteBinding(statement: statement)
            binding.bind(typeID, at: 1)
            binding.bind(row.source.map { sourceIDs[$0] } ?? 0, at: 2)
            binding.bind(row.bucket, at: 3)
            binding.bind(Int64(row.members), at: 4)
            binding.bind(Int64(row.spanning), at: 5)
            binding.bind(row.sum, at: 6)
            binding.bind(row.valueSum, at: 7)
            binding.bind(row.minimum, at: 8)
            binding.bind(row.maximum, at: 9)
            binding.bind(row.latestStart, at: 10)
            binding.bind(row.latestEnd, at: 11)
            binding.bind(row.latestValue, at: 12)
            binding.bind(row.earliestStart, at: 13)
            binding.bind(row.latestMemberEnd, at: 14)
            binding.bind(row.weightedSum, at: 15)
            binding.bind(row.weight, at: 16)
            binding.bind(row.firstStart.isFinite ? row.firstStart : nil, at: 17)
            binding.bind(row.tail?.date, at: 18)
            binding.bind(row.tail?.quantity ?? 0, at: 19)
            binding.bind(Int64(row.tail?.count ?? 0), at: 20)
            try db.stepToDone(statement)
        }
    }

    func storedRows(
        of typeID: Int64, _ granularity: AggregateGranularity, in buckets: ClosedRange<Int64>, sourceIDs: [Int64]
    ) throws -> [(sourceID: Int64, row: AggregateRow)] {
        // The ids as one JSON array, so that one cached statement serves every list.
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(Self.columns) FROM \(Self.table(granularity))
                WHERE type_id = ? AND bucket BETWEEN ? AND ? AND source_id IN (SELECT value FROM json_each(?))
                """)
        try statement.setArguments([
            typeID, buckets.lowerBound, buckets.upperBound,
            "[" + sourceIDs.map(String.init).joined(separator: ",") + "]",
        ])
        var rows: [(sourceID: Int64, row: AggregateRow)] = []
        try db.forEachRow(statement) { handle in
            rows.append((sqlite3_column_int64(handle, 1), Self.row(handle, source: nil)))
        }
        return rows
    }

    func holdsSeries() throws -> Bool {
        try StatisticsReader(db).holdsSeries()
    }

    func neighbouringStarts(
        of typeID: Int64, sourceID: Int64?, before: Double, after: Double, within bounds: ClosedRange<Double>
    ) throws -> (previous: Double?, next: Double?) {
        let source = sourceID == nil ? "" : "AND source_id = ?5"
        let statement = try db.cachedStatement(
            sql: """
                SELECT (SELECT max(start_date) FROM sample WHERE type_id = ?1 AND start_date >= ?2 AND start_date < ?3
                        AND value IS NOT NULL \(source)),
                    (SELECT min(start_date) FROM sample WHERE type_id = ?1 AND start_date > ?4 AND start_date <= ?6
                        AND value IS NOT NULL \(source))
                """)
        let row = try Row.fetchOne(
            statement,
            arguments: [typeID, bounds.lowerBound, before, after, sourceID, bounds.upperBound])
        return (row?[0], row?[1])
    }

    func forEachValue(
        of typeID: Int64, startingIn starts: ClosedRange<Double>, sourceID: Int64?,
        _ body: (ValueRow, _ sourceID: Int64) throws -> Void
    ) throws {
        let statement = try db.cachedStatement(
            sql: """
                SELECT start_date, end_date, value, source_id FROM sample
                WHERE type_id = ?1 AND start_date BETWEEN ?2 AND ?3 AND value IS NOT NULL
                    \(sourceID == nil ? "" : "AND source_id = ?4")
                ORDER BY start_date, id
                """)
        try statement.setArguments(
            sourceID.map { [typeID, starts.lowerBound, starts.upperBound, $0] }
                ?? [typeID, starts.lowerBound, starts.upperBound])
        try db.forEachRow(statement) { handle in
            try body(
                ValueRow(
                    start: sqlite3_column_double(handle, 0), end: sqlite3_column_double(handle, 1),
                    value: sqlite3_column_double(handle, 2), source: 0),
                sqlite3_column_int64(handle, 3))
        }
    }

    // MARK: Reading

    /// See ``StatisticsAggregateStorage/forEachStatisticsAggregate(_:sources:_:)``: false when the type has no
    /// aggregates.
    func forEach(
        _ query: AggregateQuery, sources: ([SourceRow], [String]) throws -> Void, _ body: (AggregateRow) throws -> Void
    ) throws -> Bool {
        guard let typeID = try IdentifierCache.typeID(query.typeIdentifier, in: db, create: false),
            let stored = try String.fetchOne(
                db, sql: "SELECT sources FROM statistics_ranking WHERE type_id = ?", arguments: [typeID])
        else { return false }
        let list = try StatisticsReader(db).sourcesByFirstSample(RowQuery(typeIdentifiers: [query.typeIdentifier]))
        let bundles = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0.row.bundleIdentifier) })
        let ranking = StatisticsAggregation.ranking(key: stored, bundles: bundles)
        try sources(list.map(\.row), ranking)
        let indexByID = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($0.element.id, $0.offset) })
        var sql = """
            SELECT \(Self.columns) FROM \(Self.table(query.granularity)) WHERE type_id = ? AND source_id \(query.bySource ? ">=" : "=") 0
            """
        var arguments: [Int64] = [typeID]
        if let first = query.firstBucket {
            sql += " AND bucket >= ?"
            arguments.append(first)
        }
        if let end = query.endBucket {
            sql += " AND bucket < ?"
            arguments.append(end)
        }
        sql += " ORDER BY source_id, bucket"
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(StatementArguments(arguments))
        var lastID: Int64 = -1
        var lastIndex: Int?
        try db.forEachRow(statement) { handle in
            let sourceID = sqlite3_column_int64(handle, 1)
            if sourceID != lastID {
                lastID = sourceID
                lastIndex = sourceID == 0 ? nil : indexByID[sourceID]
            }
            // A source the snapshot's list lacks cannot have rows; skip them should it happen.
            if sourceID != 0 && lastIndex == nil { return }
            try body(Self.row(handle, source: lastIndex))
        }
        return true
    }

    /// The columns ``row(_:source:)`` decodes.
    private static let columns = """
        bucket, source_id, members, spanning, sum, value_sum, minimum, maximum, latest_start, latest_end,
        latest_value, earliest_start, latest_member_end, weighted_sum, weight, first_start, tail_date,
        tail_quantity, tail_count
        """

    /// The row a statement selecting ``columns`` stands on.
    private static func row(_ handle: OpaquePointer, source: Int?) -> AggregateRow {
        AggregateRow(
            bucket: sqlite3_column_int64(handle, 0), source: source,
            members: Int(sqlite3_column_int64(handle, 2)), spanning: Int(sqlite3_column_int64(handle, 3)),
            sum: sqlite3_column_double(handle, 4), valueSum: sqlite3_column_double(handle, 5),
            minimum: sqlite3_column_double(handle, 6), maximum: sqlite3_column_double(handle, 7),
            latestStart: sqlite3_column_double(handle, 8), latestEnd: sqlite3_column_double(handle, 9),
            latestValue: sqlite3_column_double(handle, 10), earliestStart: sqlite3_column_double(handle, 11),
            latestMemberEnd: sqlite3_column_double(handle, 12),
            weightedSum: sqlite3_column_double(handle, 13), weight: sqlite3_column_double(handle, 14),
            firstStart: sqlite3_column_type(handle, 15) == SQLITE_NULL
                ? .infinity : sqlite3_column_double(handle, 15),
            tail: sqlite3_column_type(handle, 16) == SQLITE_NULL
                ? nil
                : HeldTail(
                    date: sqlite3_column_double(handle, 16), quantity: sqlite3_column_double(handle, 17),
                    count: Int(sqlite3_column_int64(handle, 18))))
    }
}
