import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine
import OpenHealthKitModel

/// The statistics aggregates of the SQLite store (see ``StatisticsAggregateStorage``), kept in step with the samples
/// inside each writing transaction.
struct StatisticsAggregates {
    /// The most quarter hours recomputed from one read (30 days, whole hours), so that a rebuild never holds a
    /// store's years at once.
    private static let chunk: Int64 = 2880

    /// The table of each bucket length.
    static func table(_ granularity: AggregateGranularity) -> String {
        granularity == .hour ? "statistics_hour" : "statistics_bucket"
    }

    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// Brings the aggregates in step with what `statistics_dirty` notes, then empties it: in the caller's
    /// transaction, after its writes. For each type noted: when its source ranking changed (a priority setting, a
    /// new source, a source's first sample deleted) every bucket of the type is computed again; otherwise the
    /// buckets the noted samples overlap, widened to whole hours (both lengths are computed from one read).
    func maintain() throws {
        let noted = try Row.fetchAll(db, sql: "SELECT type_id, start_date, end_date FROM statistics_dirty")
        guard !noted.isEmpty else { return }
        var spans: [Int64: [ClosedRange<Int64>]] = [:]
        var unbucketable: Set<Int64> = []
        for row in noted {
            let typeID: Int64 = row[0]
            if spans[typeID] == nil { spans[typeID] = [] }
            guard let start = row[1] as Double?, let end = row[2] as Double? else { continue }
            if let hours = StatisticsAggregation.touchedHours(start: start, end: end) {
                // In place: appending to a copy of the list, once per noted sample, made a large save quadratic.
                spans[typeID]?.append(hours)
            } else {
                unbucketable.insert(typeID)
            }
        }
        for (typeID, list) in spans {
            if unbucketable.contains(typeID) {
                try drop(typeID)
                continue
            }
            guard
                let identifier = try String.fetchOne(
                    db, sql: "SELECT identifier FROM object_type WHERE id = ?", arguments: [typeID]),
                let type = HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier))
            else { continue }
            let ranking = try self.ranking(of: type)
            let stored = try String.fetchOne(
                db, sql: "SELECT sources FROM statistics_ranking WHERE type_id = ?", arguments: [typeID])
            if stored != ranking.key {
                try drop(typeID)
                guard let whole = try span(of: typeID) else { continue }
                try db.execute(
                    sql: "INSERT INTO statistics_ranking (type_id, sources) VALUES (?, ?)",
                    arguments: [typeID, ranking.key])
                try recompute(type, typeID: typeID, whole, preferred: ranking.preferred)
            } else {
                for range in StatisticsAggregation.merged(list) {
                    try recompute(type, typeID: typeID, range, preferred: ranking.preferred)
                }
            }
        }
        try db.execute(sql: "DELETE FROM statistics_dirty")
    }

    /// After settings `keys` changed in the caller's transaction: the types whose source priority changed get their
    /// ranking checked (and their merged rows computed again when it changed).
    func settingsChanged(_ keys: [String]) throws {
        let prefix = SourcePriority.settingPrefix
        let types = keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        guard !types.isEmpty else { return }
        for identifier in types {
            guard let typeID = try IdentifierCache.typeID(identifier, in: db, create: false) else { continue }
            try db.execute(sql: "INSERT INTO statistics_dirty (type_id) VALUES (?)", arguments: [typeID])
        }
        try maintain()
    }

    /// The user's order of sources for `type`, and the ranking it gives the sources of the type (their ids, rank 0
    /// first, comma-separated).
    private func ranking(of type: HKQuantityType) throws -> (key: String, preferred: [String]) {
        let list = try StatisticsReader(db).sourcesByFirstSample(RowQuery(typeIdentifiers: [type.identifier]))
        let preferred = StatisticsAggregation.preferredSources(
            setting: try String.fetchOne(
                db, sql: "SELECT value FROM setting WHERE key = ?",
                arguments: [SourcePriority.settingKey(for: type.identifier)]))
        return (StatisticsAggregation.rankingKey(list, preferred: preferred), preferred)
    }

    /// Removes the aggregates of a type: its statistics come from the samples until they are built again.
    private func drop(_ typeID: Int64) throws {
        try db.execute(sql: "DELETE FROM statistics_ranking WHERE type_id = ?", arguments: [typeID])
        for granularity in AggregateGranularity.allCases {
            try db.execute(sql: "DELETE FROM \(Self.table(granularity)) WHERE type_id = ?", arguments: [typeID])
        }
    }

    /// The buckets from the first sample of the type to the last end; nil without samples, or when a sample's dates
    /// cannot be bucketed (``StatisticsAggregation/isBucketable(start:end:)``) or it lasts too long
    /// (``StatisticsAggregation/longestBucketedDuration``).
    private func span(of typeID: Int64) throws -> ClosedRange<Int64>? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT min(start_date), max(CASE WHEN end_date < ?1 THEN end_date ELSE start_date END),
                        max(end_date), count(*) = count(start_date) AND count(*) = count(end_date),
                        coalesce(max(CASE WHEN end_date < ?1 THEN end_date - start_date ELSE 0 END), 0) <= ?2
                    FROM sample WHERE type_id = ?3
                    """,
                arguments: [
                    StatisticsAggregation.undeterminedEnd, StatisticsAggregation.longestBucketedDuration, typeID,
                ]),
            let start = row[0] as Double?, let end = row[1] as Double?, let last = row[2] as Double?,
            row[3] as Bool? == true
        else { return nil }
        return StatisticsAggregation.span(
            firstStart: start, lastEndOrInstant: end, lastEnd: last, durationsFit: row[4] as Bool? == true)
    }

    /// Replaces the rows of the quarter hours in `range` (whole hours) and of their hours by rows computed from the
    /// samples, a chunk at a time; a chunk no sample overlaps is passed over to the next sample's hour, so that the
    /// time taken follows the samples, not the length of the range (a store may hold samples centuries apart).
    private func recompute(
        _ type: HKQuantityType, typeID: Int64, _ range: ClosedRange<Int64>, preferred: [String]
    ) throws {
        let reader = StatisticsReader(db)
        let hour = AggregateGranularity.hour.quarterHours
        for granularity in AggregateGranularity.allCases {
            try db.execute(
                sql: "DELETE FROM \(Self.table(granularity)) WHERE type_id = ? AND bucket >= ? AND bucket <= ?",
                // Both ends are hour edges, so the divisions are exact.
                arguments: [
                    typeID, range.lowerBound / granularity.quarterHours,
                    (range.upperBound + 1) / granularity.quarterHours - 1,
                ])
        }
        var first = range.lowerBound
        while first <= range.upperBound {
            let end = min(range.upperBound + 1, first + Self.chunk)
            var sources: [(id: Int64, row: SourceRow)] = []
            var values: [ValueRow] = []
            let query = RowQuery(
                typeIdentifiers: [type.identifier],
                condition: .dateRange(
                    start: Double(first) * StatisticsAggregation.bucketLength,
                    end: Double(end) * StatisticsAggregation.bucketLength, mode: .overlaps))
            try reader.forEachValue(query, sourceList: { sources = $0 }) { values.append($0) }
            guard !values.isEmpty else {
                // No sample overlaps the chunk, so none starts before it and ends after it: the next bucket with
                // data holds the next start.
                guard
                    let next = try Double.fetchOne(
                        db, sql: "SELECT min(start_date) FROM sample WHERE type_id = ? AND start_date >= ?",
                        arguments: [typeID, Double(end) * StatisticsAggregation.bucketLength])
                else { break }
                first = max(
                    end, StatisticsAggregation.floorMultiple(StatisticsAggregation.bucket(containing: next), of: hour))
                continue
            }
            let ranks = SourcePriority.ranks(of: sources.map(\.row), preferred: preferred)
            for granularity in AggregateGranularity.allCases {
                let rows = try StatisticsAggregation.rows(
                    type: type, sources: sources.map(\.row), ranks: ranks,
                    buckets: first / granularity.quarterHours..<end / granularity.quarterHours,
                    granularity: granularity, values: values)
                let insert = try db.cachedStatement(
                    sql: """
                        INSERT INTO \(Self.table(granularity)) (type_id, source_id, bucket, members, spanning, sum,
                            value_sum, minimum, maximum, latest_start, latest_end, latest_value, earliest_start,
                            latest_member_end, weighted_sum, weight, first_start, tail_date, tail_quantity, tail_count)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """)
                for row in rows {
                    try insert.execute(arguments: [
                        typeID, row.source.map { sources[$0].id } ?? 0, row.bucket, row.members, row.spanning,
                        row.sum, row.valueSum, row.minimum, row.maximum, row.latestStart, row.latestEnd,
                        row.latestValue, row.earliestStart, row.latestMemberEnd, row.weightedSum, row.weight,
                        row.firstStart.isFinite ? row.firstStart : nil, row.tail?.date, row.tail?.quantity ?? 0,
                        row.tail?.count ?? 0,
                    ])
                }
            }
            first = end
        }
    }

    /// See ``StatisticsAggregateStorage/forEachStatisticsAggregate(_:sources:_:)``: false when the type has no
    /// aggregates, or when samples were written without maintenance (never after a committed write).
    func forEach(
        _ query: AggregateQuery, sources: ([SourceRow], [String]) throws -> Void, _ body: (AggregateRow) throws -> Void
    ) throws -> Bool {
        guard let typeID = try IdentifierCache.typeID(query.typeIdentifier, in: db, create: false),
            let stored = try String.fetchOne(
                db, sql: "SELECT sources FROM statistics_ranking WHERE type_id = ?", arguments: [typeID]),
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM statistics_dirty)") == false
        else { return false }
        let list = try StatisticsReader(db).sourcesByFirstSample(RowQuery(typeIdentifiers: [query.typeIdentifier]))
        let bundles = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0.row.bundleIdentifier) })
        let ranking = StatisticsAggregation.ranking(key: stored, bundles: bundles)
        try sources(list.map(\.row), ranking)
        let indexByID = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($0.element.id, $0.offset) })
        var sql = """
            SELECT bucket, source_id, members, spanning, sum, value_sum, minimum, maximum, latest_start, latest_end,
                latest_value, earliest_start, latest_member_end, weighted_sum, weight, first_start, tail_date,
                tail_quantity, tail_count
            FROM \(Self.table(query.granularity)) WHERE type_id = ? AND source_id \(query.bySource ? ">=" : "=") 0
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
        let handle = statement.sqliteStatement
        var lastID: Int64 = -1
        var lastIndex: Int?
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return true }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            let sourceID = sqlite3_column_int64(handle, 1)
            if sourceID != lastID {
                lastID = sourceID
                lastIndex = sourceID == 0 ? nil : indexByID[sourceID]
                // A source the snapshot's list lacks cannot have rows; skip them should it happen.
                if sourceID != 0 && lastIndex == nil { continue }
            }
            if sourceID != 0 && lastIndex == nil { continue }
            try body(
                AggregateRow(
                    bucket: sqlite3_column_int64(handle, 0), source: lastIndex,
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
                            count: Int(sqlite3_column_int64(handle, 18)))))
        }
    }
}
