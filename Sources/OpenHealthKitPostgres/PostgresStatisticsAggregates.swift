import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// The statistics aggregates of one user on PostgreSQL (see ``StatisticsAggregateStorage`` and `v13: statistics
/// aggregates`), the same rows as the SQLite storage's, computed by the same ``StatisticsAggregation``.
///
/// - **Maintained in the writing transaction.** Every insert and delete of samples goes through the
///   ``SampleInserter`` or ``Tombstones``, which note the spans in ``AnchoredWrite/statisticsNotes``; before the
///   transaction commits, ``maintain(_:)`` computes those hours again for the types that keep aggregates. A type whose
///   source ranking changed (a new source, a source's first sample deleted, a priority setting) or whose noted sample
///   cannot be bucketed is computed whole. It works in statements per type, never per sample: the stored rankings and
///   priority settings of every noted type (one statement), per type its sources (one), the old rows of every touched
///   hour of both tables (one `DELETE`), the samples of a chunk of up to 30 days (a cursor) and the chunk's new rows
///   of both tables (one `INSERT`). A transaction that only inserted samples of a type (a save, an import batch)
///   reads which touched hours held rows before it (one statement): only those are computed from the table; the
///   others hold none of the earlier samples, so their rows come from the inserted values the transaction kept in
///   memory (``InsertedValues``), without reading back what it just wrote.
/// - **Built on first use.** A type without a `statistics_ranking` row has none yet (every type after the migration,
///   a new type): writes pass it over, and the first read of its aggregates builds it whole, under the anchor lock
///   as a write, then reads.
struct PostgresStatisticsAggregates {
    /// The most quarter hours computed from one read (30 days, whole hours), as on SQLite.
    private static let chunk: Int64 = 2880

    /// The table of each bucket length.
    static func table(_ granularity: AggregateGranularity) -> String {
        granularity == .hour ? "statistics_hour" : "statistics_bucket"
    }

    let session: Session
    let user: Int64
    let catalog: TypeCatalog

    // MARK: Maintenance

    /// Brings the aggregates of the types `notes` names in step with the samples, in the caller's writing transaction
    /// (which holds the user's anchor lock), after its writes.
    func maintain(_ notes: inout StatisticsNotes) throws {
        guard !notes.isEmpty else { return }
        var binds = Binds()
        let userValue = binds.add(user), types = binds.array(Array(notes.types))
        let prefix = binds.add(SourcePriority.settingPrefix)
        let rows = try session.query(
            """
            SELECT o.id, o.identifier, r.type_id IS NOT NULL, r.sources, st.value
            FROM object_type o
            LEFT JOIN statistics_ranking r ON r.user_id = \(userValue) AND r.type_id = o.id
            LEFT JOIN setting st ON st.user_id = \(userValue) AND st.key = \(prefix) || o.identifier
            WHERE o.id = ANY(\(types))
            """, binds.bindings)
        for row in rows {
            var cells = Cells(row)
            let typeID: Int32 = try cells.next(), identifier: String = try cells.next()
            let built: Bool = try cells.next(), stored: String? = try cells.next(), setting: String? = try cells.next()
            guard built || notes.build.contains(typeID),
                let type = HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier))
            else { continue }
            let sources = try StatisticsReader(session, user: user, catalog: catalog).sourcesByFirstSample(
                RowQuery(typeIdentifiers: [identifier]))
            let preferred = StatisticsAggregation.preferredSources(setting: setting)
            let key = StatisticsAggregation.rankingKey(sources, preferred: preferred)
            let computation = Computation(type: type, typeID: typeID, sources: sources, preferred: preferred)
            if built, stored == key, !notes.whole.contains(typeID) {
                let ranges = StatisticsAggregation.merged(notes.spans[typeID] ?? [])
                if let inserted = notes.insertedValues(of: typeID) {
                    try update(computation, ranges, inserting: inserted)
                } else {
                    try recompute(computation, ranges)
                }
            } else {
                try rebuild(computation, key: key)
            }
        }
    }

    /// A type's aggregates being computed: its sources (ids, in the order of their first sample) and the user's order.
    private struct Computation {
        let type: HKQuantityType
        let typeID: Int32
        let sources: [(id: Int64, row: SourceRow)]
        let preferred: [String]
    }

    /// Computes every row of the type again, or records that it keeps none (a sample its buckets cannot hold) or that
    /// it has none to keep (no samples).
    private func rebuild(_ computation: Computation, key: String) throws {
        let span = try self.span(of: computation.typeID)
        var binds = Binds()
        let userValue = binds.add(user), typeValue = binds.add(computation.typeID)
        let sources: String? =
            switch span {
            case .some(.some): key
            default: nil
            }
        // No samples: no row, as before the type was first built.
        let ranking =
            span == nil
            ? "DELETE FROM statistics_ranking WHERE user_id = \(userValue) AND type_id = \(typeValue)"
            : """
            INSERT INTO statistics_ranking (user_id, type_id, sources) VALUES (\(userValue), \(typeValue), \(binds.add(sources)))
            ON CONFLICT (user_id, type_id) DO UPDATE SET sources = EXCLUDED.sources
            """
        try session.execute(
            """
            WITH quarters AS (DELETE FROM statistics_bucket WHERE user_id = \(userValue) AND type_id = \(typeValue)),
            hours AS (DELETE FROM statistics_hour WHERE user_id = \(userValue) AND type_id = \(typeValue))
            \(ranking)
            """, binds.bindings)
        if case .some(.some(let range)) = span { try recompute(computation, [range], deleting: false) }
    }

    /// The quarter hours (whole hours) from the type's first sample to its last end: nil without samples, `.some(nil)`
    /// when a sample cannot be bucketed or lasts too long (``StatisticsAggregation/span(firstStart:lastEndOrInstant:lastEnd:durationsFit:)``).
    private func span(of typeID: Int32) throws -> ClosedRange<Int64>?? {
        var binds = Binds()
        let undetermined = binds.add(StatisticsAggregation.undeterminedEnd)
        let longest = binds.add(StatisticsAggregation.longestBucketedDuration)
        let userValue = binds.add(user), typeValue = binds.add(typeID)
        let row = try session.query(
            """
            SELECT min(start_date), max(CASE WHEN end_date < \(undetermined) THEN end_date ELSE start_date END),
                max(end_date),
                coalesce(max(CASE WHEN end_date < \(undetermined) THEN end_date - start_date ELSE 0 END), 0) <= \(longest)
            FROM sample WHERE user_id = \(userValue) AND type_id = \(typeValue)
            """, binds.bindings
        ).first
        guard let row else { return nil }
        let (start, end, last, fit) = try row.decode((Double?, Double?, Double?, Bool?).self)
        guard let start, let end, let last else { return nil }
        return .some(
            StatisticsAggregation.span(
                firstStart: start, lastEndOrInstant: end, lastEnd: last, durationsFit: fit == true))
    }

    /// Replaces the rows of the quarter hours in `ranges` (whole hours, merged) and of their hours by rows computed
    /// from the samples, a chunk at a time; a chunk no sample overlaps is passed over to the next sample's hour, so
    /// that the time taken follows the samples, not the ranges' length (a store may hold samples centuries apart).
    private func recompute(_ computation: Computation, _ ranges: [ClosedRange<Int64>], deleting: Bool = true) throws {
        guard !ranges.isEmpty else { return }
        if deleting { try delete(computation.typeID, ranges) }
        let reader = StatisticsReader(session, user: user, catalog: catalog)
        let ranks = SourcePriority.ranks(of: computation.sources.map(\.row), preferred: computation.preferred)
        let hour = AggregateGranularity.hour.quarterHours
        for range in ranges {
            var first = range.lowerBound
            while first <= range.upperBound {
                let end = min(range.upperBound + 1, first + Self.chunk)
                var values: [ValueRow] = []
                let query = RowQuery(
                    typeIdentifiers: [computation.type.identifier],
                    condition: .dateRange(
                        start: Double(first) * StatisticsAggregation.bucketLength,
                        end: Double(end) * StatisticsAggregation.bucketLength, mode: .overlaps))
                try reader.forEachValue(query, list: computation.sources) { values.append($0) }
                guard !values.isEmpty else {
                    // No sample overlaps the chunk, so none starts before it and ends after it: the next bucket with
                    // data holds the next start.
                    guard
                        let next = try nextStart(
                            computation.typeID, after: Double(end) * StatisticsAggregation.bucketLength)
                    else { break }
                    first = max(
                        end,
                        StatisticsAggregation.floorMultiple(StatisticsAggregation.bucket(containing: next), of: hour))
                    continue
                }
                try insert(
                    try rows(computation, ranks: ranks, quarters: first..<end, values: values),
                    typeID: computation.typeID, sources: computation.sources)
                first = end
            }
        }
    }

    /// Brings the rows of `ranges` in step after a transaction that only inserted samples of the type, with
    /// `inserted` their values: hours that held rows before it (an earlier sample overlaps them) are computed again
    /// from the table; the others from `inserted` alone, since no earlier sample overlaps them, without reading back
    /// what the transaction just wrote (a large save's hours are nearly all new).
    private func update(
        _ computation: Computation, _ ranges: [ClosedRange<Int64>], inserting inserted: InsertedValues
    ) throws {
        guard !ranges.isEmpty else { return }
        let indexByID = Dictionary(uniqueKeysWithValues: computation.sources.enumerated().map { ($1.id, $0) })
        let occupied = try occupiedHours(computation.typeID, ranges)
        var used: [ClosedRange<Int64>] = [], new: [ClosedRange<Int64>] = []
        for range in ranges {
            for run in StatisticsAggregation.runs(of: range, occupiedHours: occupied) {
                if run.occupied { used.append(run.quarters) } else { new.append(run.quarters) }
            }
        }
        let ranks = SourcePriority.ranks(of: computation.sources.map(\.row), preferred: computation.preferred)
        for range in new {
            for first in stride(from: range.lowerBound, through: range.upperBound, by: Int(Self.chunk)) {
                let end = min(range.upperBound + 1, first + Self.chunk)
                var values: [ValueRow] = []
                for value in inserted.mayOverlap(
                    start: Double(first) * StatisticsAggregation.bucketLength,
                    end: Double(end) * StatisticsAggregation.bucketLength)
                {
                    // The transaction's list of sources holds every source with a sample; should one lack it, the
                    // table decides.
                    guard let source = indexByID[value.sourceID] else { return try recompute(computation, ranges) }
                    values.append(ValueRow(start: value.start, end: value.end, value: value.value, source: source))
                }
                try insert(
                    try rows(computation, ranks: ranks, quarters: first..<end, values: values),
                    typeID: computation.typeID, sources: computation.sources)
            }
        }
        try recompute(computation, used)
    }

    /// The hours in `ranges` (quarter hours, whole hours) that hold a row of the type: one statement, on the merged
    /// rows (`source_id` 0), which every hour holding data has, so that the key's index bounds the scan.
    private func occupiedHours(_ typeID: Int32, _ ranges: [ClosedRange<Int64>]) throws -> Set<Int64> {
        var binds = Binds()
        let userValue = binds.add(user), typeValue = binds.add(typeID)
        let hour = AggregateGranularity.hour.quarterHours
        let firsts = binds.array(ranges.map { $0.lowerBound / hour })
        let lasts = binds.array(ranges.map { ($0.upperBound + 1) / hour - 1 })
        let rows = try session.query(
            """
            SELECT h.bucket FROM statistics_hour h JOIN unnest(\(firsts), \(lasts)) AS r(low, high)
                ON h.bucket BETWEEN r.low AND r.high
            WHERE h.user_id = \(userValue) AND h.type_id = \(typeValue) AND h.source_id = 0
            """, binds.bindings)
        return Set(try rows.map { try $0.decode(Int64.self) })
    }

    /// The rows of both lengths of the quarter hours `quarters` (whole hours) from `values`: every value overlapping
    /// them, in start order.
    private func rows(
        _ computation: Computation, ranks: [Int], quarters: Range<Int64>, values: [ValueRow]
    ) throws -> [(AggregateGranularity, AggregateRow)] {
        var rows: [(AggregateGranularity, AggregateRow)] = []
        for granularity in AggregateGranularity.allCases {
            rows += try StatisticsAggregation.rows(
                type: computation.type, sources: computation.sources.map(\.row), ranks: ranks,
                buckets: quarters.lowerBound / granularity.quarterHours..<quarters.upperBound
                    / granularity.quarterHours,
                granularity: granularity, values: values
            ).map { (granularity, $0) }
        }
        return rows
    }

    /// The first start of a sample of the type at or after `time`.
    private func nextStart(_ typeID: Int32, after time: Double) throws -> Double? {
        var binds = Binds()
        let userValue = binds.add(user), typeValue = binds.add(typeID), timeValue = binds.add(time)
        return try session.query(
            """
            SELECT min(start_date) FROM sample
            WHERE user_id = \(userValue) AND type_id = \(typeValue) AND start_date >= \(timeValue)
            """, binds.bindings
        ).first?.decode(Double?.self)
    }

    /// Deletes the type's rows of both lengths in `ranges` (quarter hours, whole hours): one statement.
    private func delete(_ typeID: Int32, _ ranges: [ClosedRange<Int64>]) throws {
        var binds = Binds()
        let userValue = binds.add(user), typeValue = binds.add(typeID)
        func statement(_ granularity: AggregateGranularity) -> String {
            // Both ends are hour edges, so the divisions are exact.
            let firsts = binds.array(ranges.map { $0.lowerBound / granularity.quarterHours })
            let lasts = binds.array(ranges.map { ($0.upperBound + 1) / granularity.quarterHours - 1 })
            return """
                DELETE FROM \(Self.table(granularity)) b USING unnest(\(firsts), \(lasts)) AS r(low, high)
                WHERE b.user_id = \(userValue) AND b.type_id = \(typeValue) AND b.bucket BETWEEN r.low AND r.high
                """
        }
        let quarters = statement(.quarterHour), hours = statement(.hour)
        try session.execute("WITH quarters AS (\(quarters)) \(hours)", binds.bindings)
    }

    /// The columns of a bucket row after its user and type, as ``insert(_:typeID:sources:)`` writes them and
    /// ``read(_:sources:_:)`` reads them.
    private static let columns = """
        source_id, bucket, members, spanning, sum, value_sum, minimum, maximum, latest_start, latest_end, latest_value,
        earliest_start, latest_member_end, weighted_sum, weight, first_start, tail_date, tail_quantity, tail_count
        """

    /// Inserts rows of both lengths: one statement, each column's values one array.
    private func insert(
        _ rows: [(AggregateGranularity, AggregateRow)], typeID: Int32, sources: [(id: Int64, row: SourceRow)]
    ) throws {
        guard !rows.isEmpty else { return }
        var binds = Binds()
        let userValue = binds.add(user), typeValue = binds.add(typeID)
        let arrays = [
            binds.array(rows.map { $0.0 == .hour }),
            binds.array(rows.map { row in row.1.source.map { sources[$0].id } ?? 0 }),
            binds.array(rows.map { $0.1.bucket }),
            binds.array(rows.map { Int32($0.1.members) }),
            binds.array(rows.map { Int32($0.1.spanning) }),
            binds.array(rows.map { $0.1.sum }),
            binds.array(rows.map { $0.1.valueSum }),
            binds.array(rows.map { $0.1.minimum }),
            binds.array(rows.map { $0.1.maximum }),
            binds.array(rows.map { $0.1.latestStart }),
            binds.array(rows.map { $0.1.latestEnd }),
            binds.array(rows.map { $0.1.latestValue }),
            binds.array(rows.map { $0.1.earliestStart }),
            binds.array(rows.map { $0.1.latestMemberEnd }),
            binds.array(rows.map { $0.1.weightedSum }),
            binds.array(rows.map { $0.1.weight }),
            binds.array(rows.map { $0.1.firstStart.isFinite ? $0.1.firstStart : nil }),
            binds.array(rows.map { $0.1.tail?.date }),
            binds.array(rows.map { $0.1.tail?.quantity ?? 0 }),
            binds.array(rows.map { Int32($0.1.tail?.count ?? 0) }),
        ]
        func statement(into granularity: AggregateGranularity) -> String {
            """
            INSERT INTO \(Self.table(granularity)) (user_id, type_id, \(Self.columns))
            SELECT \(userValue), \(typeValue), \(Self.columns) FROM r WHERE is_hour = \(granularity == .hour)
            """
        }
        try session.execute(
            """
            WITH r AS (SELECT * FROM unnest(\(arrays.joined(separator: ", "))) AS r(is_hour, \(Self.columns))),
            quarters AS (\(statement(into: .quarterHour)))
            \(statement(into: .hour))
            """, binds.bindings)
    }

    // MARK: Reading

    /// What a read of a type's aggregates found.
    enum ReadOutcome {
        /// The rows were given.
        case served
        /// The type keeps none, or has no samples: the statistics come from the samples.
        case none
        /// The type has samples but its aggregates are not built yet.
        case unbuilt
    }

    /// See ``StatisticsAggregateStorage/forEachStatisticsAggregate(_:sources:_:)``, inside the caller's snapshot;
    /// calls neither `sources` nor `body` unless it returns ``ReadOutcome/served``.
    func read(
        _ query: AggregateQuery, sources: ([SourceRow], [String]) throws -> Void, _ body: (AggregateRow) throws -> Void
    ) throws -> ReadOutcome {
        guard let typeID = try catalog.lookUp([query.typeIdentifier], session).first else { return .none }
        var binds = Binds()
        let userValue = binds.add(user), typeValue = binds.add(typeID)
        let state = try session.query(
            """
            SELECT r.type_id IS NOT NULL, r.sources,
                EXISTS (SELECT 1 FROM sample s WHERE s.user_id = \(userValue) AND s.type_id = \(typeValue))
            FROM (SELECT 1) AS one
            LEFT JOIN statistics_ranking r ON r.user_id = \(userValue) AND r.type_id = \(typeValue)
            """, binds.bindings
        ).first
        guard let state else { return .none }
        let (built, stored, hasSamples) = try state.decode((Bool, String?, Bool).self)
        guard built else {
            let quantity = HKObjectType.quantityType(
                forIdentifier: HKQuantityTypeIdentifier(rawValue: query.typeIdentifier))
            return hasSamples && quantity != nil ? .unbuilt : .none
        }
        guard let stored else { return .none }
        let list = try StatisticsReader(session, user: user, catalog: catalog).sourcesByFirstSample(
            RowQuery(typeIdentifiers: [query.typeIdentifier]))
        let bundles = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0.row.bundleIdentifier) })
        try sources(list.map(\.row), StatisticsAggregation.ranking(key: stored, bundles: bundles))
        let indexByID = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($0.element.id, $0.offset) })
        var sql = """
            SELECT \(PackedAggregateRow.expression) FROM \(Self.table(query.granularity))
            WHERE user_id = \(userValue) AND type_id = \(typeValue) AND source_id \(query.bySource ? ">=" : "=") 0
            """
        if let first = query.firstBucket { sql += " AND bucket >= \(binds.add(first))" }
        if let end = query.endBucket { sql += " AND bucket < \(binds.add(end))" }
        sql += " ORDER BY source_id, bucket"
        try session.forEachRow(sql, binds.bindings, batch: 10_000) { row in
            var cells = Cells(row)
            var (sourceID, aggregate) = try PackedAggregateRow.unpack(cells.next(ByteBuffer.self))
            // A source the snapshot's list lacks cannot have rows; skip them should it happen.
            if sourceID != 0 {
                guard let source = indexByID[sourceID] else { return }
                aggregate.source = source
            }
            try body(aggregate)
        }
        return .served
    }
}

extension PostgresStorage {
    package func forEachStatisticsAggregate(
        _ query: AggregateQuery, sources: ([SourceRow], _ ranking: [String]) throws -> Void,
        _ body: (AggregateRow) throws -> Void
    ) throws -> Bool {
        guard database.keepsStatisticsAggregates else { return false }
        // Twice at most: a type found unbuilt is built (a write, under the anchor lock), then read.
        for _ in 0..<2 {
            let outcome = try snapshot { session in
                try PostgresStatisticsAggregates(session: session, user: user, catalog: catalog).read(
                    query, sources: sources, body)
            }
            switch outcome {
            case .served: return true
            case .none: return false
            case .unbuilt:
                let typeIDs = try session { try catalog.lookUp([query.typeIdentifier], $0) }
                try anchoredWrite { write in for id in typeIDs { write.statisticsNotes.noteBuild(type: id) } }
            }
        }
        return false
    }
}
