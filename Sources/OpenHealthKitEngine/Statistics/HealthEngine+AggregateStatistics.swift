import Foundation
import OpenHealthKitModel

extension HealthEngine {
    /// The options the aggregates hold; `duration` needs the samples' union over the interval.
    private static let aggregatedOptions: HKStatisticsOptions = [
        .cumulativeSum, .separateBySource, .mostRecent, .discreteMin, .discreteMax, .discreteAverage,
    ]

    /// The statistics of `request` composed from the storage's 15-minute aggregates, or nil when they cannot give
    /// exactly what the samples give (then the caller computes from the samples): a type without aggregates, an
    /// option they do not hold, a predicate other than plain date ranges, a window or an interval edge off a bucket
    /// edge, an app that sees only some sources, a priority ranking other than the one the aggregates were built
    /// with, or an average over a sample that overlaps two buckets.
    ///
    /// - Parameters:
    ///   - window: the dates samples are clipped to (the request's range widened to whole intervals, and the
    ///     predicate's plain date range).
    ///   - range: the request's range widened to whole intervals, which the result reports.
    func aggregateStatistics(
        _ request: StatisticsRequest, predicate: PredicateTree?, window: (start: Double, end: Double),
        range: DateInterval?, visibleSources: Set<String>?
    ) throws -> StatisticsResult? {
        let type = request.type
        guard StatisticsAggregation.isAggregated(type), Self.aggregatedOptions.isSuperset(of: request.options),
            Self.isDateRangesOnly(predicate), visibleSources == nil,
            let first = Self.bucketEdge(window.start), let end = Self.bucketEdge(window.end)
        else { return nil }
        let preferred = try preferredSources(for: type)
        var assembly: StatisticsAssembly?
        var bounds = BucketBounds(intervals: request.intervals)
        var merged = TallyColumn()
        var bySource: [TallyColumn] = []
        let averages = request.options.contains(.discreteAverage)
        var exact = true
        let query = AggregateQuery(
            typeIdentifier: type.identifier, firstBucket: first, endBucket: end,
            bySource: request.options.contains(.separateBySource))
        let served = try storageCall {
            try storage.forEachStatisticsAggregate(
                query,
                sources: { sources, ranking in
                    let ranks = SourcePriority.ranks(of: sources, preferred: preferred)
                    var byRank = sources.map(\.bundleIdentifier)
                    for (index, rank) in ranks.enumerated() { byRank[rank] = sources[index].bundleIdentifier }
                    exact = byRank == ranking
                    assembly = StatisticsAssembly(
                        options: request.options, style: type.aggregationStyle, sources: sources, ranks: ranks)
                    if query.bySource { bySource = Array(repeating: TallyColumn(), count: sources.count) }
                },
                { row in
                    guard exact else { return }
                    if averages && row.spanning > 0 {
                        exact = false
                        return
                    }
                    let time = Double(row.bucket) * StatisticsAggregation.bucketLength
                    let index = try bounds.index(containing: time)
                    if request.intervals != nil {
                        guard Self.bucketEdge(bounds.start(of: index)) != nil,
                            Self.bucketEdge(bounds.end(of: index)) != nil
                        else {
                            exact = false
                            return
                        }
                    }
                    if let source = row.source {
                        bySource[source].tallies[bySource[source].position(of: index)].absorb(row)
                    } else {
                        merged.tallies[merged.position(of: index)].absorb(row)
                    }
                })
        }
        guard served, exact, let assembly else { return nil }
        return StatisticsResult(
            buckets: assembly.buckets(
                merged: merged, bySource: bySource, bounds: bounds, hasIntervals: request.intervals != nil),
            intervals: request.intervals, range: range)
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

    /// The bucket starting at `time` (`.some(nil)` for an unbounded side), or nil when `time` is not on a bucket edge.
    private static func bucketEdge(_ time: Double) -> Int64?? {
        guard time.isFinite else { return .some(nil) }
        let bucket = time / StatisticsAggregation.bucketLength
        guard bucket == bucket.rounded(.down), abs(bucket) < 1e15 else { return nil }
        return .some(Int64(bucket))
    }
}
