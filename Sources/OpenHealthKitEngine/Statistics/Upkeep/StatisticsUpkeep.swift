import OpenHealthKitModel

/// Brings a store's statistics aggregates in step with its samples after a write, in the writing transaction, before
/// it commits: the rule once, for every storage, which executes the statements (``StatisticsUpkeepStatements``).
///
/// For each type the ``StatisticsNotes`` name: a type whose source ranking changed (a new source, a source's first
/// sample deleted, a priority setting), or whose noted sample cannot be bucketed, is computed whole; otherwise the
/// hours its noted samples touch. A transaction that only inserted samples of a type (a save, an import batch) asks
/// which touched hours held rows before it: those rows are extended by the inserted values and the few stored samples
/// they meet (``OccupiedHourExtension``); the other hours hold none of the earlier samples, so their rows come from
/// the inserted values the transaction kept in memory. Neither reads back what the transaction just wrote. It works
/// in statements per type and hour, never per sample.
package struct StatisticsUpkeep<Statements: StatisticsUpkeepStatements> {
    /// The most quarter hours computed from one read (30 days, whole hours), so that a rebuild never holds a store's
    /// years at once.
    private static var chunk: Int64 { 2880 }

    private let statements: Statements

    package init(_ statements: Statements) {
        self.statements = statements
    }

    /// Brings the aggregates of the types `notes` names in step with the samples.
    package func maintain(_ notes: inout StatisticsNotes) async throws {
        guard !notes.isEmpty else { return }
        for state in try await statements.rankingStates(of: notes.types.sorted()) {
            let built = state.ranking != .unbuilt
            guard built || statements.buildsUnbuiltTypesOnWrite || notes.build.contains(state.typeID),
                let type = HKObjectType.quantityType(
                    forIdentifier: HKQuantityTypeIdentifier(rawValue: state.identifier))
            else { continue }
            let sources = try await statements.sourcesByFirstSample(of: state.identifier)
            let preferred = StatisticsAggregation.preferredSources(setting: state.prioritySetting)
            let key = StatisticsAggregation.rankingKey(sources, preferred: preferred)
            let computation = Computation(
                type: type, typeID: state.typeID, sources: sources,
                ranks: SourcePriority.ranks(of: sources.map(\.row), preferred: preferred))
            guard state.ranking == .ranked(key), !notes.whole.contains(state.typeID) else {
                try await rebuild(computation, key: key)
                continue
            }
            let ranges = StatisticsAggregation.merged(notes.spans[state.typeID] ?? [])
            if let inserted = notes.insertedValues(of: state.typeID) {
                try await update(computation, ranges, inserting: inserted)
            } else {
                try await recompute(computation, ranges)
            }
        }
    }

    /// What a write's notes call for: ``maintain(_:)`` on a store `keeping` aggregates, ``forget(_:)`` on one that
    /// keeps none (``StatisticsAggregatesSetting``).
    package func bringInStep(_ notes: inout StatisticsNotes, keeping: Bool) async throws {
        if keeping { try await maintain(&notes) } else { try await forget(notes) }
    }

    /// What a store that keeps no aggregates does instead of ``maintain(_:)``: the types `notes` names lose theirs
    /// (their ranking row, and so every row: ``StatisticsRanking/unbuilt``), so that no process that keeps them can
    /// read rows these writes made stale; such a process builds them again (SQLite on its next write of the type,
    /// PostgreSQL on its next read). The baseline of `ohk-bench load` (docs/PERFORMANCE.md).
    package func forget(_ notes: StatisticsNotes) async throws {
        for typeID in notes.types.sorted() { try await statements.replaceRanking(of: typeID, with: .unbuilt) }
    }

    /// A type's aggregates being computed: its sources (ids, in the order of their first sample) and their ranks.
    struct Computation {
        let type: HKQuantityType
        let typeID: Int64
        let sources: [(id: Int64, row: SourceRow)]
        let ranks: [Int]
    }

    /// Computes every row of the type again, or records that it keeps none (a sample its buckets cannot hold) or that
    /// it has none to keep (no samples).
    private func rebuild(_ computation: Computation, key: String) async throws {
        guard let extent = try await statements.extent(of: computation.typeID) else {
            return try await statements.replaceRanking(of: computation.typeID, with: .unbuilt)
        }
        guard
            let span = StatisticsAggregation.span(
                firstStart: extent.firstStart, lastEndOrInstant: extent.lastEndOrInstant, lastEnd: extent.lastEnd,
                durationsFit: extent.durationsFit)
        else { return try await statements.replaceRanking(of: computation.typeID, with: .keepsNone) }
        try await statements.replaceRanking(of: computation.typeID, with: .ranked(key))
        try await recompute(computation, [span], deleting: false)
    }

    /// Replaces the rows of the quarter hours in `ranges` (whole hours, merged) and of their hours by rows computed
    /// from the samples, a chunk at a time; a chunk no sample overlaps is passed over to the next sample's hour, so
    /// that the time taken follows the samples, not the ranges' length (a store may hold samples centuries apart).
    private func recompute(_ computation: Computation, _ ranges: [ClosedRange<Int64>], deleting: Bool = true)
        async throws
    {
        guard !ranges.isEmpty else { return }
        if deleting { try await statements.deleteRows(of: computation.typeID, in: ranges) }
        let hour = AggregateGranularity.hour.quarterHours
        for range in ranges {
            var first = range.lowerBound
            while first <= range.upperBound {
                let end = min(range.upperBound + 1, first + Self.chunk)
                var values: [ValueRow] = []
                try await statements.forEachValue(
                    of: computation.type.identifier, overlapping: first..<end, sources: computation.sources
                ) { values.append($0) }
                guard !values.isEmpty else {
                    // No sample overlaps the chunk, so none starts before it and ends after it: the next bucket with
                    // data holds the next start.
                    guard
                        let next = try await statements.firstStart(
                            of: computation.typeID, atOrAfter: Double(end) * StatisticsAggregation.bucketLength)
                    else { break }
                    first = max(
                        end,
                        StatisticsAggregation.floorMultiple(StatisticsAggregation.bucket(containing: next), of: hour))
                    continue
                }
                try await insert(computation, quarters: first..<end, values: values)
                first = end
            }
        }
    }

    /// Brings the rows of `ranges` in step after a transaction that only inserted samples of the type, with
    /// `inserted` their values: hours that held rows before it (an earlier sample overlaps them) are extended
    /// (``extend(_:_:inserting:indexByID:)``); the others are computed from `inserted` alone, since no earlier sample
    /// overlaps them (a large save's hours are nearly all new).
    private func update(
        _ computation: Computation, _ ranges: [ClosedRange<Int64>], inserting inserted: InsertedValues
    ) async throws {
        guard !ranges.isEmpty else { return }
        let indexByID = Dictionary(uniqueKeysWithValues: computation.sources.enumerated().map { ($1.id, $0) })
        let occupied = try await statements.occupiedHours(of: computation.typeID, in: ranges)
        var used: [ClosedRange<Int64>] = [], new: [ClosedRange<Int64>] = []
        for range in ranges {
            for run in StatisticsAggregation.runs(of: range, occupiedHours: occupied) {
                if run.occupied { used.append(run.quarters) } else { new.append(run.quarters) }
            }
        }
        for range in new {
            for first in stride(from: range.lowerBound, through: range.upperBound, by: Int(Self.chunk)) {
                let end = min(range.upperBound + 1, first + Self.chunk)
                var values: [ValueRow] = []
                for value in inserted.mayOverlap(
                    start: Double(first) * StatisticsAggregation.bucketLength,
                    end: Double(end) * StatisticsAggregation.bucketLength)
                {
                    // The transaction's list of sources holds every source with a sample; should one lack it, the
                    // store decides.
                    guard let source = indexByID[value.sourceID] else {
                        return try await recompute(computation, ranges)
                    }
                    values.append(ValueRow(start: value.start, end: value.end, value: value.value, source: source))
                }
                try await insert(computation, quarters: first..<end, values: values)
            }
        }
        try await extend(computation, used, inserting: inserted, indexByID: indexByID)
    }

    /// Brings the rows of the occupied hours in `ranges` in step after a transaction that only inserted samples of the
    /// type: each hour's rows extended by `inserted` (``OccupiedHourExtension``), or computed from the store when
    /// the store holds quantity series (their values start where the extension does not look for neighbours, and a
    /// rebuild's read puts them after a sample of the same start, which the extension cannot tell) or a stored
    /// value's source is not in the list.
    private func extend(
        _ computation: Computation, _ ranges: [ClosedRange<Int64>], inserting inserted: InsertedValues,
        indexByID: [Int64: Int]
    ) async throws {
        guard !ranges.isEmpty else { return }
        if try await statements.holdsSeries() { return try await recompute(computation, ranges) }
        let hourExtension = OccupiedHourExtension(
            statements: statements, computation: computation, indexByID: indexByID)
        let hour = AggregateGranularity.hour.quarterHours
        var rows: [(AggregateGranularity, AggregateRow)] = []
        var fromStore: [ClosedRange<Int64>] = []
        for range in ranges {
            for first in stride(from: range.lowerBound, through: range.upperBound, by: Int(hour)) {
                let quarters = first...(first + hour - 1)
                var values: [ValueRow] = []
                for value in inserted.mayOverlap(
                    start: Double(first) * StatisticsAggregation.bucketLength,
                    end: Double(first + hour) * StatisticsAggregation.bucketLength)
                where StatisticsAggregation.buckets(start: value.start, end: value.end).overlaps(quarters) {
                    guard let source = indexByID[value.sourceID] else {
                        return try await recompute(computation, ranges)
                    }
                    values.append(ValueRow(start: value.start, end: value.end, value: value.value, source: source))
                }
                guard !values.isEmpty else { continue }
                if let extended = try await hourExtension.rows(of: first / hour, inserted: values) {
                    rows += extended
                } else {
                    fromStore.append(quarters)
                }
            }
        }
        try await statements.insertRows(
            rows, of: computation.typeID, sourceIDs: computation.sources.map(\.id), replacing: true)
        try await recompute(computation, StatisticsAggregation.merged(fromStore))
    }

    /// Inserts the rows of both lengths of the quarter hours `quarters` (whole hours) computed from `values`: every
    /// value overlapping them, in start order.
    private func insert(_ computation: Computation, quarters: Range<Int64>, values: [ValueRow]) async throws {
        var rows: [(AggregateGranularity, AggregateRow)] = []
        for granularity in AggregateGranularity.allCases {
            rows += try StatisticsAggregation.rows(
                type: computation.type, sources: computation.sources.map(\.row), ranks: computation.ranks,
                buckets: quarters.lowerBound / granularity.quarterHours..<quarters.upperBound
                    / granularity.quarterHours,
                granularity: granularity, values: values
            ).map { (granularity, $0) }
        }
        guard !rows.isEmpty else { return }
        try await statements.insertRows(
            rows, of: computation.typeID, sourceIDs: computation.sources.map(\.id), replacing: false)
    }
}
