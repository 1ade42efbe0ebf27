import Foundation
import OpenHealthKitModel

/// Statistics computed in one pass over rows in start-date order: every source merged, and each source on its own
/// when asked. Memory follows the number of buckets and of samples overlapping at once, not the number of rows.
struct StatisticsComputation {
    private static let undeterminedEnd = Date.distantFuture.timeIntervalSince1970

    private let options: HKStatisticsOptions
    private let style: HKQuantityAggregationStyle
    private let sources: [SourceRow]
    /// Per source index, its priority rank (0 first).
    private let ranks: [Int]
    /// Samples count only within `[windowStart, windowEnd)`.
    private let windowStart: Double
    private let windowEnd: Double
    private var bounds: BucketBounds
    private var merged: SampleStream
    private var bySource: [SampleStream]
    /// Whether merged sums come from `merge` (a cumulative type asked for its sum).
    private let mergesSums: Bool
    private var merge: PriorityMerge

    /// - Parameters:
    ///   - sources: the sources the rows' indices refer to.
    ///   - ranks: each source's priority rank, 0 first (see ``SourcePriority``).
    ///   - window: the dates samples are clipped to.
    ///   - recordsTails: whether time-weighted streams note the holds their buckets' ends cut short
    ///     (``settledTails``).
    init(
        options: HKStatisticsOptions, style: HKQuantityAggregationStyle, intervals: StatisticsIntervals?,
        sources: [SourceRow], ranks: [Int], window: (start: Double, end: Double), recordsTails: Bool = false
    ) {
        self.options = options
        self.style = style
        self.sources = sources
        self.ranks = ranks
        windowStart = window.start
        windowEnd = window.end
        bounds = BucketBounds(intervals: intervals)
        let sums = style == .cumulative && options.contains(.cumulativeSum)
        let kind: SampleStream.Kind
        switch style {
        case .cumulative: kind = .cumulative(intervalSums: true)
        case .discreteArithmetic: kind = .arithmetic
        case .discreteTemporallyWeighted: kind = .weighted(level: false)
        case .discreteEquivalentContinuousLevel: kind = .weighted(level: true)
        }
        let measuresDuration = options.contains(.duration)
        // Merged cumulative sums come from the priority merge; the merged stream still counts members and instants.
        merged = SampleStream(
            kind: sums ? .cumulative(intervalSums: false) : kind, measuresDuration: measuresDuration,
            windowEnd: window.end, recordsTails: recordsTails)
        bySource =
            options.contains(.separateBySource)
            ? sources.map { _ in
                SampleStream(
                    kind: kind, measuresDuration: measuresDuration, windowEnd: window.end, recordsTails: recordsTails)
            }
            : []
        mergesSums = sums
        merge = PriorityMerge(rankCount: sums ? sources.count : 0)
    }

    /// Adds the next row; rows arrive in start-date order. A sample of undetermined duration (ending at
    /// `Date.distantFuture`) counts as a sample without duration at its start.
    mutating func add(_ row: ValueRow) throws {
        var row = row
        if row.end >= Self.undeterminedEnd { row.end = row.start }
        let from = max(row.start, windowStart), to = min(row.end, windowEnd)
        try merged.add(row, from: from, to: to, bounds: &bounds)
        if !bySource.isEmpty { try bySource[row.source].add(row, from: from, to: to, bounds: &bounds) }
        if mergesSums, to > from {
            try merge.add(
                from: from, to: to, rate: row.value / (row.end - row.start), rank: ranks[row.source],
                into: &merged.column, bounds: &bounds)
        }
    }

    /// The buckets holding data, in chronological order. With `intervals` a bucket spans its interval; without, it
    /// spans the earliest start to the latest end of its samples.
    mutating func finish(hasIntervals: Bool) throws -> [StatisticsBucket] {
        try settle()
        return StatisticsAssembly(options: options, style: style, sources: sources, ranks: ranks).buckets(
            merged: merged.column, bySource: bySource.map(\.column), bounds: bounds, hasIntervals: hasIntervals)
    }

    /// Credits what waits for samples that will not come: after it, ``settledTallies`` are final.
    mutating func settle() throws {
        try merged.finish(bounds: &bounds)
        for index in bySource.indices { try bySource[index].finish(bounds: &bounds) }
        if mergesSums { try merge.finish(into: &merged.column, bounds: &bounds) }
    }

    /// The tallies after ``settle()``: every source merged, and each source's (empty without `separateBySource`).
    var settledTallies: (merged: TallyColumn, bySource: [TallyColumn]) { (merged.column, bySource.map(\.column)) }

    /// The holds cut short at their bucket's end after ``settle()``, by bucket index: every source merged, and each
    /// source's (empty unless the computation records tails).
    var settledTails: (merged: [Int: HeldTail], bySource: [[Int: HeldTail]]) {
        (merged.tails, bySource.map(\.tails))
    }
}

/// Statistics values from tallies: what a computation from samples and a composition of aggregates both report.
struct StatisticsAssembly {
    let options: HKStatisticsOptions
    let style: HKQuantityAggregationStyle
    let sources: [SourceRow]
    /// Per source index, its priority rank (0 first).
    let ranks: [Int]

    /// The buckets of the merged tallies, in chronological order, each with its sources' tallies in priority order
    /// when `bySource` is not empty. With intervals a bucket spans its interval; without, it spans the earliest
    /// start to the latest end of its samples.
    func buckets(merged: TallyColumn, bySource: [TallyColumn], bounds: BucketBounds, hasIntervals: Bool)
        -> [StatisticsBucket]
    {
        let sourceOrder = sources.indices.sorted { ranks[$0] < ranks[$1] }
        return merged.populated.map { bucket, tally in
            let start = hasIntervals ? bounds.start(of: bucket) : tally.earliestStart
            let end = hasIntervals ? bounds.end(of: bucket) : tally.latestMemberEnd
            let perSource: [SourceStatistics]? =
                bySource.isEmpty
                ? nil
                : sourceOrder.compactMap { index in
                    bySource[index].tally(at: bucket).map {
                        SourceStatistics(source: sources[index], values: values(of: $0))
                    }
                }
            return StatisticsBucket(
                start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end),
                merged: values(of: tally), bySource: perSource)
        }
    }

    /// The asked statistics of a tally.
    private func values(of tally: Tally) -> StatisticsValues {
        var values = StatisticsValues()
        if options.contains(.cumulativeSum) { values.sum = tally.sum }
        if options.contains(.discreteAverage) { values.average = average(of: tally) }
        if options.contains(.discreteMin) { values.minimum = tally.minimum }
        if options.contains(.discreteMax) { values.maximum = tally.maximum }
        if options.contains(.mostRecent) {
            values.mostRecent = tally.latestValue
            values.mostRecentInterval = DateInterval(
                start: Date(timeIntervalSince1970: tally.latestStart), end: Date(timeIntervalSince1970: tally.latestEnd)
            )
        }
        if options.contains(.duration) { values.duration = tally.duration }
        return values
    }

    /// Every member has a positive weight (an overlap, or a hold), so weighted means never divide by zero.
    private func average(of tally: Tally) -> Double {
        switch style {
        case .cumulative, .discreteArithmetic: return tally.valueSum / Double(tally.members)
        case .discreteTemporallyWeighted: return tally.weightedSum / tally.weight
        case .discreteEquivalentContinuousLevel: return 10 * log10(tally.weightedSum / tally.weight)
        }
    }
}
