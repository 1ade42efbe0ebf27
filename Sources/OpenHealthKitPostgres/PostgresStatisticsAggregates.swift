import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// The statistics aggregates of one user on PostgreSQL (see ``StatisticsAggregateStorage`` and `v13: statistics
/// aggregates`), the same rows as the SQLite storage's, kept by the same ``StatisticsUpkeep``.
///
/// - **Maintained in the writing transaction.** Every insert and delete of samples goes through the
///   ``SampleInserter`` or ``SampleDeleter``, which note them in ``AnchoredWrite/statisticsNotes``; before the
///   transaction commits, ``StatisticsUpkeep/maintain(_:)`` executes these statements: the stored rankings and
///   priority settings of every noted type (one statement) and per type its sources (one); to compute hours, their
///   old rows of both tables (one `DELETE`), the samples of a chunk of up to 30 days (a cursor) and the chunk's new
///   rows (one `INSERT`); to extend an occupied hour, its stored rows, the neighbouring starts and values of a window,
///   and the rows replacing them (one `INSERT ... ON CONFLICT`).
/// - **Built on first use.** A type without a `statistics_ranking` row has none yet (every type after the migration,
///   a new type): writes pass it over, and the first read of its aggregates builds it whole, under the anchor lock
///   as a write, then reads.
struct PostgresStatisticsAggregates: StatisticsUpkeepStatements {
    /// The table of each bucket length.
    static func table(_ granularity: AggregateGranularity) -> String {
        granularity == .hour ? "statistics_hour" : "statistics_bucket"
    }

    let session: Session
    let user: Int64
    let catalog: TypeCatalog

    /// The placeholders of the user and of a type (an `object_type` id, an `integer` column), the key of every row
    /// these statements touch.
    private func typeKey(_ binds: inout Binds, _ typeID: Int64) -> (user: String, type: String) {
        (binds.add(user), binds.add(Int32(truncatingIfNeeded: typeID)))
    }

    // MARK: Maintenance

    var buildsUnbuiltTypesOnWrite: Bool { false }

    func rankingStates(of types: [Int64]) throws -> [StatisticsRankingState] {
        var binds = Binds()
        let userValue = binds.add(user), typeValues = binds.array(types.map { Int32(truncatingIfNeeded: $0) })
        let prefix = binds.add(SourcePriority.settingPrefix)
        let rows = try session.query(
            """
            SELECT o.id, o.identifier, r.type_id IS NOT NULL, r.sources, st.value
            FROM object_type o
            LEFT JOIN statistics_ranking r ON r.user_id = \(userValue) AND r.type_id = o.id
            LEFT JOIN setting st ON st.user_id = \(userValue) AND st.key = \(prefix) || o.identifier
            WHERE o.id = ANY(\(typeValues))
            """, binds.bindings)
        return try rows.map { row in
            var cells = Cells(row)
            let typeID: Int32 = try cells.next(), identifier: String = try cells.next()
            let built: Bool = try cells.next(), stored: String? = try cells.next(), setting: String? = try cells.next()
            return StatisticsRankingState(
                typeID: Int64(typeID), identifier: identifier,
                ranking: built ? stored.map(StatisticsRanking.ranked) ?? .keepsNone : .unbuilt,
                prioritySetting: setting)
        }
    }

    func sourcesByFirstSample(of typeIdentifier: String) throws -> [(id: Int64, row: SourceRow)] {
        try StatisticsReader(session, user: user, catalog: catalog).sourcesByFirstSample(
            RowQuery(typeIdentifiers: [typeIdentifier]))
    }

    func extent(of typeID: Int64) throws -> SampleExtent? {
        var binds = Binds()
        let undetermined = binds.add(StatisticsAggregation.undeterminedEnd)
        let longest = binds.add(StatisticsAggregation.longestBucketedDuration)
        let (userValue, typeValue) = typeKey(&binds, typeID)
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
        return SampleExtent(firstStart: start, lastEndOrInstant: end, lastEnd: last, durationsFit: fit == true)
    }

    func replaceRanking(of typeID: Int64, with ranking: StatisticsRanking) throws {
        var binds = Binds()
        let (userValue, typeValue) = typeKey(&binds, typeID)
        let store: String
        switch ranking {
        case .unbuilt:
            store = "DELETE FROM statistics_ranking WHERE user_id = \(userValue) AND type_id = \(typeValue)"
        case .keepsNone, .ranked:
            let sources: String? = if case .ranked(let key) = ranking { key } else { nil }
            store = """
                INSERT INTO statistics_ranking (user_id, type_id, sources) VALUES (\(userValue), \(typeValue), \(binds.add(sources)))
                ON CONFLICT (user_id, type_id) DO UPDATE SET sources = EXCLUDED.sources
                """
        }
        try session.execute(
            """
            WITH quarters AS (DELETE FROM statistics_bucket WHERE user_id = \(userValue) AND type_id = \(typeValue)),
            hours AS (DELETE FROM statistics_hour WHERE user_id = \(userValue) AND type_id = \(typeValue))
            \(store)
            """, binds.bindings)
    }

    /// One statement, on the merged rows, so that the key's index bounds the scan.
    func occupiedHours(of typeID: Int64, in ranges: [ClosedRange<Int64>]) throws -> Set<Int64> {
        var binds = Binds()
        let (userValue, typeValue) = typeKey(&binds, typeID)
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

    func forEachValue(
        of typeIdentifier: String, overlapping quarters: Range<Int64>, sources: [(id: Int64, row: SourceRow)],
        _ body: (ValueRow) throws -> Void
    ) throws {
        try StatisticsReader(session, user: user, catalog: catalog).forEachValue(
            StatisticsAggregation.valueQuery(typeIdentifier, overlapping: quarters), list: sources, body)
    }

    func firstStart(of typeID: Int64, atOrAfter time: Double) throws -> Double? {
        var binds = Binds()
        let (userValue, typeValue) = typeKey(&binds, typeID)
        let timeValue = binds.add(time)
        return try session.query(
            """
            SELECT min(start_date) FROM sample
            WHERE user_id = \(userValue) AND type_id = \(typeValue) AND start_date >= \(timeValue)
            """, binds.bindings
        ).first?.decode(Double?.self)
    }

    /// One statement for both lengths.
    func deleteRows(of typeID: Int64, in ranges: [ClosedRange<Int64>]) throws {
        var binds = Binds()
        let (userValue, typeValue) = typeKey(&binds, typeID)
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

    /// The columns of a bucket row after its user and type, as ``insertRows(_:of:sourceIDs:)`` writes them and
    /// ``read(_:sources:_:)`` reads them.
    private static let columns = """
        source_id, bucket, members, spanning, sum, value_sum, minimum, maximum, latest_start, latest_end, latest_value,
        earliest_start, latest_member_end, weighted_sum, weight, first_start, tail_date, tail_quantity, tail_count
        """

    /// What makes an insert replace the stored row of its bucket and source.
    private static let replacingClause = """
        ON CONFLICT (user_id, type_id, source_id, bucket) DO UPDATE SET (\(columns)) = ROW(\(
            columns.split(separator: ",").map { "EXCLUDED." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .joined(separator: ", ")))
        """

    /// One statement for both lengths, each column's values one array.
    func insertRows(
        _ rows: [(AggregateGranularity, AggregateRow)], of typeID: Int64, sourceIDs: [Int64], replacing: Bool
    ) throws {
        guard !rows.isEmpty else { return }
        var binds = Binds()
        let (userValue, typeValue) = typeKey(&binds, typeID)
        let arrays = [
            binds.array(rows.map { $0.0 == .hour }),
            binds.array(rows.map { row in row.1.source.map { sourceIDs[$0] } ?? 0 }),
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
            \(replacing ? Self.replacingClause : "")
            """
        }
        try session.execute(
            """
            WITH r AS (SELECT * FROM unnest(\(arrays.joined(separator: ", "))) AS r(is_hour, \(Self.columns))),
            quarters AS (\(statement(into: .quarterHour)))
            \(statement(into: .hour))
            """, binds.bindings)
    }

    func storedRows(
        of typeID: Int64, _ granularity: AggregateGranularity, in buckets: ClosedRange<Int64>, sourceIDs: [Int64]
    ) throws -> [(sourceID: Int64, row: AggregateRow)] {
        var binds = Binds()
        let (userValue, typeValue) = typeKey(&binds, typeID)
        let rows = try session.query(
            """
            SELECT \(PackedAggregateRow.expression) FROM \(Self.table(granularity))
            WHERE user_id = \(userValue) AND type_id = \(typeValue)
                AND bucket BETWEEN \(binds.add(buckets.lowerBound)) AND \(binds.add(buckets.upperBound))
                AND source_id = ANY(\(binds.array(sourceIDs)))
            """, binds.bindings)
        return try rows.map { row in
            var cells = Cells(row)
            return try PackedAggregateRow.unpack(cells.next(ByteBuffer.self))
        }
    }

    func holdsSeries() throws -> Bool {
        try StatisticsReader(session, user: user, catalog: catalog).holdsSeries()
    }

    func neighbouringStarts(
        of typeID: Int64, sourceID: Int64?, before: Double, after: Double, within bounds: ClosedRange<Double>
    ) throws -> (previous: Double?, next: Double?) {
        var binds = Binds()
        let (userValue, typeValue) = typeKey(&binds, typeID)
        let source = sourceID.map { "AND source_id = \(binds.add($0))" } ?? ""
        let samples =
            "FROM sample WHERE user_id = \(userValue) AND type_id = \(typeValue) AND value IS NOT NULL \(source)"
        let row = try session.query(
            """
            SELECT (SELECT max(start_date) \(samples)
                    AND start_date >= \(binds.add(bounds.lowerBound)) AND start_date < \(binds.add(before))),
                (SELECT min(start_date) \(samples)
                    AND start_date > \(binds.add(after)) AND start_date <= \(binds.add(bounds.upperBound)))
            """, binds.bindings
        ).first
        guard let row else { return (nil, nil) }
        return try row.decode((Double?, Double?).self)
    }

    func forEachValue(
        of typeID: Int64, startingIn starts: ClosedRange<Double>, sourceID: Int64?,
        _ body: (ValueRow, _ sourceID: Int64) throws -> Void
    ) throws {
        var binds = Binds()
        let (userValue, typeValue) = typeKey(&binds, typeID)
        let source = sourceID.map { "AND source_id = \(binds.add($0))" } ?? ""
        let rows = try session.query(
            """
            SELECT start_date, end_date, value, source_id FROM sample
            WHERE user_id = \(userValue) AND type_id = \(typeValue) AND value IS NOT NULL \(source)
                AND start_date BETWEEN \(binds.add(starts.lowerBound)) AND \(binds.add(starts.upperBound))
            ORDER BY start_date, id
            """, binds.bindings)
        for row in rows {
            let (start, end, value, id) = try row.decode((Double, Double, Double, Int64).self)
            try body(ValueRow(start: start, end: end, value: value, source: 0), id)
        }
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
        guard database.keepsStatisticsAggregates, keepsStatisticsAggregates else { return false }
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
                try anchoredWrite { write in for id in typeIDs { write.statisticsNotes.noteBuild(type: Int64(id)) } }
            }
        }
        return false
    }
}
