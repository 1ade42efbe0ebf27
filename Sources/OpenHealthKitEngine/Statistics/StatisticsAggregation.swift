package import Foundation
package import OpenHealthKitModel

/// The statistics aggregates of quarter hours and hours (see ``StatisticsAggregateStorage``), kept for every quantity type:
/// what a bucket row holds, computed by the same ``StatisticsComputation`` as a query from samples, over
/// 15-minute or 1-hour intervals in UTC. Time-zone offsets are multiples of 15 minutes, so any zone's hours, days,
/// weeks, months and years start on a quarter-hour edge (and, in a zone of whole-hour offsets, on an hour edge).
package enum StatisticsAggregation {
    /// The length of a quarter-hour bucket in seconds.
    package static let bucketLength = AggregateGranularity.quarterHour.length

    /// Whether a sample's dates can be bucketed: both sample dates (``SampleValidation/dateRange``), in order. A
    /// store may hold others from before dates were checked: a type with one keeps no aggregates, and its
    /// statistics report the bad date as the samples do.
    package static func isBucketable(start: Double, end: Double) -> Bool {
        SampleValidation.isSampleDate(Date(timeIntervalSince1970: start))
            && SampleValidation.isSampleDate(Date(timeIntervalSince1970: end)) && start <= end
    }

    /// The longest sample (besides one of undetermined duration) whose type keeps aggregates: 31 days, 2,976 buckets.
    /// A longer one would make a single write recompute a bucket for every quarter hour it covers (a sample of
    /// centuries, millions); its type's statistics come from the samples instead.
    package static let longestBucketedDuration = 31 * 86_400.0

    /// Whether a sample lasting from `start` to `end` is short enough to be bucketed
    /// (``longestBucketedDuration``); a sample of undetermined duration always is.
    package static func isBucketableDuration(start: Double, end: Double) -> Bool {
        end >= undeterminedEnd || end - start <= longestBucketedDuration
    }

    /// The bucket holding `time`.
    package static func bucket(containing time: Double, _ granularity: AggregateGranularity = .quarterHour) -> Int64 {
        Int64((time / granularity.length).rounded(.down))
    }

    /// The buckets a sample overlaps by a positive length (a sample without duration, or of undetermined duration:
    /// the bucket holding its start).
    package static func buckets(
        start: Double, end: Double, _ granularity: AggregateGranularity = .quarterHour
    ) -> ClosedRange<Int64> {
        let first = bucket(containing: start, granularity)
        guard end > start, end < undeterminedEnd else { return first...first }
        return first...max(first, Int64((end / granularity.length).rounded(.up)) - 1)
    }

    /// The end of a sample of undetermined duration (`Date.distantFuture`).
    package static let undeterminedEnd = Date.distantFuture.timeIntervalSince1970

    private static func intervals(_ granularity: AggregateGranularity) -> StatisticsIntervals {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // 1970-01-01 00:00 UTC is a valid anchor and 15 minutes or an hour a valid length: this cannot fail.
        return try! StatisticsIntervals(
            anchor: Date(timeIntervalSince1970: 0),
            components: granularity == .hour ? DateComponents(hour: 1) : DateComponents(minute: 15),
            calendar: calendar)
    }

    private static let quarterHourIntervals = intervals(.quarterHour)
    private static let hourIntervals = intervals(.hour)

    /// The rows of the buckets in `buckets` (of `granularity`) for `values` (rows of `type` in start-date order:
    /// every sample that overlaps the buckets, as a date-range read gives them), `sources` ranked by `ranks` (see
    /// ``SourcePriority``): a merged row for each bucket holding data, then each source's rows.
    package static func rows(
        type: HKQuantityType, sources: [SourceRow], ranks: [Int], buckets: Range<Int64>,
        granularity: AggregateGranularity = .quarterHour, values: [ValueRow]
    ) throws -> [AggregateRow] {
        let windowStart = Double(buckets.lowerBound) * granularity.length
        let windowEnd = Double(buckets.upperBound) * granularity.length
        let options: HKStatisticsOptions =
            type.aggregationStyle == .cumulative
            ? [.cumulativeSum, .mostRecent, .separateBySource]
            : [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .separateBySource]
        var computation = StatisticsComputation(
            options: options, style: type.aggregationStyle,
            intervals: granularity == .hour ? hourIntervals : quarterHourIntervals, sources: sources, ranks: ranks,
            window: (windowStart, windowEnd), recordsTails: true)
        let count = Int(buckets.count)
        var spanning = Array(repeating: 0, count: count)
        var sourceSpanning = Array(repeating: [Int64: Int](), count: sources.count)
        // Rows come in start order: the first start seen in a bucket is its earliest.
        var firstStart: [Int64: Double] = [:]
        var sourceFirstStart = Array(repeating: [Int64: Double](), count: sources.count)
        for row in values {
            let covered = Self.buckets(start: row.start, end: row.end, granularity)
            let from = max(covered.lowerBound, buckets.lowerBound)
            let to = min(covered.upperBound, buckets.upperBound - 1)
            // Instants and undetermined durations outside the buckets (a date-range read includes the latter).
            guard from <= to else { continue }
            try computation.add(row)
            if covered.lowerBound == from {
                if firstStart[from] == nil { firstStart[from] = row.start }
                if sourceFirstStart[row.source][from] == nil { sourceFirstStart[row.source][from] = row.start }
            }
            if covered.count > 1 {
                for bucket in from...to {
                    spanning[Int(bucket - buckets.lowerBound)] += 1
                    sourceSpanning[row.source][bucket, default: 0] += 1
                }
            }
        }
        try computation.settle()
        let (merged, bySource) = computation.settledTallies
        let (mergedTails, sourceTails) = computation.settledTails
        func row(
            _ index: Int, _ tally: Tally, source: Int?, spanning: Int, firstStart: [Int64: Double],
            tails: [Int: HeldTail]
        ) -> AggregateRow? {
            let bucket = Int64(index)
            guard buckets.contains(bucket) else { return nil }
            return AggregateRow(
                bucket: bucket, source: source, members: tally.members, spanning: spanning, sum: tally.sum,
                valueSum: tally.valueSum, minimum: tally.minimum, maximum: tally.maximum,
                latestStart: tally.latestStart, latestEnd: tally.latestEnd, latestValue: tally.latestValue,
                earliestStart: tally.earliestStart, latestMemberEnd: tally.latestMemberEnd,
                weightedSum: tally.weightedSum, weight: tally.weight, firstStart: firstStart[bucket] ?? .infinity,
                tail: tails[index])
        }
        var rows = merged.populated.compactMap {
            row(
                $0.index, $0.tally, source: nil, spanning: spanning[Int(Int64($0.index) - buckets.lowerBound)],
                firstStart: firstStart, tails: mergedTails)
        }
        for (source, column) in bySource.enumerated() {
            rows += column.populated.compactMap {
                row(
                    $0.index, $0.tally, source: source, spanning: sourceSpanning[source][Int64($0.index), default: 0],
                    firstStart: sourceFirstStart[source], tails: sourceTails[source])
            }
        }
        return rows
    }
}

extension Tally {
    /// Adds a bucket row's statistics: the tally of the buckets taken together. Counts of members add up, which
    /// is exact only where no member overlaps two of the buckets (``AggregateRow/spanning``).
    mutating func absorb(_ row: AggregateRow) {
        addMembers(of: row)
        sum += row.sum
        weightedSum += row.weightedSum
        weight += row.weight
    }
}
