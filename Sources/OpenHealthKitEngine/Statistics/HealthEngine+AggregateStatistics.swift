import Foundation
import OpenHealthKitModel

extension HealthEngine {
    /// The options the aggregates hold; `duration` needs the samples' union over the interval.
    private static let aggregatedOptions: HKStatisticsOptions = [
        .cumulativeSum, .separateBySource, .mostRecent, .discreteMin, .discreteMax, .discreteAverage,
    ]

    /// The statistics of `request` composed from the storage's aggregates, or nil when they cannot give exactly what
    /// the samples give (then the caller computes from the samples): a type without aggregates, an option they do not
    /// hold, a predicate other than plain date ranges, a window or an interval edge off a quarter-hour edge, an app
    /// that sees only some sources, a priority ranking other than the one the aggregates were built with, or an
    /// arithmetic average over a sample that overlaps two buckets. Hours are read where every edge is an hour edge (days in a
    /// zone of whole-hour offset), quarter hours otherwise.
    ///
    /// - Parameters:
    ///   - window: the dates samples are clipped to (the request's range widened to whole intervals, and the
    ///     predicate's plain date range).
    ///   - range: the request's range widened to whole intervals, which the result reports.
    func aggregateStatistics(
        _ request: StatisticsRequest, predicate: PredicateTree?, window: (start: Double, end: Double),
        range: DateInterval?, visibleSources: Set<String>?
    ) async throws -> StatisticsResult? {
        let type = request.type
        guard Self.aggregatedOptions.isSuperset(of: request.options), Self.isDateRangesOnly(predicate),
            visibleSources == nil
        else { return nil }
        let preferred = try await preferredSources(for: type)
        for granularity in [AggregateGranularity.hour, .quarterHour] {
            guard let first = Self.bucketEdge(window.start, granularity),
                let end = Self.bucketEdge(window.end, granularity)
            else { continue }
            switch try await compose(
                request, granularity: granularity, buckets: (first, end), windowEnd: window.end, range: range,
                preferred: preferred)
            {
            case .composed(let result): return result
            case .offEdge: continue
            case .inexact: return nil
            }
        }
        return nil
    }

    /// What a composition from one length of buckets gave.
    private enum Composition {
        case composed(StatisticsResult)
        /// An interval edge is not an edge of these buckets: shorter ones may serve.
        case offEdge
        /// The aggregates cannot give the samples' figures.
        case inexact
    }

    private func compose(
        _ request: StatisticsRequest, granularity: AggregateGranularity, buckets: (first: Int64?, end: Int64?),
        windowEnd: Double, range: DateInterval?, preferred: [String]
    ) async throws -> Composition {
        let type = request.type
        var assembly: StatisticsAssembly?
        var bounds = BucketBounds(intervals: request.intervals)
        var merged = TallyColumn()
        var bySource: [TallyColumn] = []
        // A plain mean counts a sample once, so one overlapping two buckets makes rows inexact; a time-weighted mean
        // splits its weight between them, and the holds cut at a bucket's end are carried on.
        let weighted =
            type.aggregationStyle == .discreteTemporallyWeighted
            || type.aggregationStyle == .discreteEquivalentContinuousLevel
        let averages = request.options.contains(.discreteAverage) && !weighted
        var carry = HoldCarry()
        func credit(_ credit: HoldCarry.Credit?) {
            guard let credit else { return }
            if let source = credit.source {
                let position = bySource[source].position(of: credit.index)
                bySource[source].tallies[position].weightedSum += credit.weightedSum
                bySource[source].tallies[position].weight += credit.weight
            } else {
                let position = merged.position(of: credit.index)
                merged.tallies[position].weightedSum += credit.weightedSum
                merged.tallies[position].weight += credit.weight
            }
        }
        var outcome: Composition?
        let query = AggregateQuery(
            typeIdentifier: type.identifier, firstBucket: buckets.first, endBucket: buckets.end,
            bySource: request.options.contains(.separateBySource), granularity: granularity)
        let served = try await storageCall {
            try storage.forEachStatisticsAggregate(
                query,
                sources: { sources, ranking in
                    let ranks = SourcePriority.ranks(of: sources, preferred: preferred)
                    var byRank = sources.map(\.bundleIdentifier)
                    for (index, rank) in ranks.enumerated() { byRank[rank] = sources[index].bundleIdentifier }
                    if byRank != ranking { outcome = .inexact }
                    assembly = StatisticsAssembly(
                        options: request.options, style: type.aggregationStyle, sources: sources, ranks: ranks)
                    if query.bySource { bySource = Array(repeating: TallyColumn(), count: sources.count) }
                },
                { row in
                    guard outcome == nil else { return }
                    if averages && row.spanning > 0 {
                        outcome = .inexact
                        return
                    }
                    let time = Double(row.bucket) * granularity.length
                    let index = try bounds.index(containing: time)
                    if request.intervals != nil {
                        guard Self.bucketEdge(bounds.start(of: index), granularity) != nil,
                            Self.bucketEdge(bounds.end(of: index), granularity) != nil
                        else {
                            outcome = .offEdge
                            return
                        }
                    }
                    if weighted {
                        credit(
                            carry.next(
                                row, bucketLength: granularity.length, index: index,
                                limit: min(bounds.end(of: index), windowEnd)))
                    }
                    if let source = row.source {
                        bySource[source].tallies[bySource[source].position(of: index)].absorb(row)
                    } else {
                        merged.tallies[merged.position(of: index)].absorb(row)
                    }
                })
        }
        guard served else { return .inexact }
        if let outcome { return outcome }
        credit(carry.finish())
        guard let assembly else { return .inexact }
        return .composed(
            StatisticsResult(
                buckets: assembly.buckets(
                    merged: merged, bySource: bySource, bounds: bounds, hasIntervals: request.intervals != nil),
                intervals: request.intervals, range: range))
    }

    /// Whether `predicate` selects samples by plain date ranges only (no strict options), which the clip window
    /// then says exactly.
    private static func isDateRangesOnly(_ predicate: PredicateTree?) -> Bool {
        switch predicate {
        case nil, .all?: return true
        case .leaf(.sampleDates(let range))?: return range.options.isEmpty
        case .and(let children)?:
            return children.allSatisfy {
                if case .leaf(.sampleDates(let range)) = $0 { return range.options.isEmpty }
                return $0 == .all
            }
        default: return false
        }
    }

    /// The bucket of `granularity` starting at `time` (`.some(nil)` for an unbounded side), or nil when `time` is
    /// not on an edge of those buckets.
    private static func bucketEdge(_ time: Double, _ granularity: AggregateGranularity) -> Int64?? {
        guard time.isFinite else { return .some(nil) }
        let bucket = time / granularity.length
        guard bucket == bucket.rounded(.down), abs(bucket) < 1e15 else { return nil }
        return .some(Int64(bucket))
    }
}
