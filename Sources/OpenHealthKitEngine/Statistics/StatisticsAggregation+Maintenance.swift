import Foundation

/// What a storage keeping statistics aggregates computes to bring them in step with its samples (the SQLite and the
/// PostgreSQL storages both): which quarter hours a write touches, a type's whole span, and the ranking the merged rows
/// are computed with.
extension StatisticsAggregation {
    /// The quarter hours of the hours `range` touches: maintenance computes whole hours, so that both lengths come
    /// from one read.
    package static func wholeHours(_ range: ClosedRange<Int64>) -> ClosedRange<Int64> {
        let hour = AggregateGranularity.hour.quarterHours
        return floorMultiple(range.lowerBound, of: hour)...(floorMultiple(range.upperBound, of: hour) + hour - 1)
    }

    /// The largest multiple of `step` at or below `value`.
    package static func floorMultiple(_ value: Int64, of step: Int64) -> Int64 {
        let remainder = value % step
        return remainder < 0 ? value - remainder - step : value - remainder
    }

    /// Overlapping and adjacent ranges joined, in order.
    package static func merged(_ ranges: [ClosedRange<Int64>]) -> [ClosedRange<Int64>] {
        var result: [ClosedRange<Int64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The quarter hours (whole hours) to compute again when a sample from `start` to `end` is written or deleted;
    /// nil when its dates or its duration cannot be bucketed (then its type's aggregates are checked whole).
    package static func touchedHours(start: Double, end: Double) -> ClosedRange<Int64>? {
        guard isBucketable(start: start, end: end), isBucketableDuration(start: start, end: end) else { return nil }
        return wholeHours(buckets(start: start, end: end))
    }

    /// The quarter hours (whole hours) from a type's first sample to its last, from what one pass over its samples
    /// finds: the first start, the last end or instant (a sample of undetermined duration counting by its start), the
    /// last end, and whether every determined duration is at most ``longestBucketedDuration``. Nil when a date cannot
    /// be bucketed or a sample lasts too long: the type keeps no aggregates.
    package static func span(
        firstStart start: Double, lastEndOrInstant end: Double, lastEnd last: Double, durationsFit: Bool
    ) -> ClosedRange<Int64>? {
        guard durationsFit, isBucketable(start: start, end: max(start, end)), isBucketable(start: start, end: last)
        else { return nil }
        let first = bucket(containing: start)
        // The bucket holding the last end or instant: a sample at a bucket's first instant belongs to that bucket.
        return wholeHours(first...max(first, bucket(containing: max(start, end))))
    }

    /// `range` (quarter hours, whole hours) cut into runs of whole hours, in order, each either all in
    /// `occupiedHours` (hour buckets) or all out of it.
    package static func runs(
        of range: ClosedRange<Int64>, occupiedHours: Set<Int64>
    ) -> [(quarters: ClosedRange<Int64>, occupied: Bool)] {
        let hour = AggregateGranularity.hour.quarterHours
        var runs: [(quarters: ClosedRange<Int64>, occupied: Bool)] = []
        for first in stride(from: range.lowerBound, through: range.upperBound, by: Int(hour)) {
            let occupied = occupiedHours.contains(first / hour)
            if let last = runs.last, last.occupied == occupied {
                runs[runs.count - 1].quarters = last.quarters.lowerBound...(first + hour - 1)
            } else {
                runs.append((first...(first + hour - 1), occupied))
            }
        }
        return runs
    }

    /// The ranking the merged rows of a type are computed with, as stored beside them: the ids of the type's sources
    /// (`sources`, in the order they stored their first sample) in rank order under the user's `preferred` order,
    /// comma-separated. A new source, a source's first sample deleted or a priority change makes a different one.
    package static func rankingKey(_ sources: [(id: Int64, row: SourceRow)], preferred: [String]) -> String {
        SourcePriority.ordered(sources, source: \.row, preferred: preferred).map { String($0.id) }
            .joined(separator: ",")
    }

    /// The bundle identifiers, rank 0 first, of a stored ``rankingKey(_:preferred:)``, given each source id's bundle.
    package static func ranking(key: String, bundles: [Int64: String]) -> [String] {
        key.split(separator: ",").compactMap { Int64($0).flatMap { bundles[$0] } }
    }

    /// The user's order of sources for a type, from its priority setting's text (``SourcePriority/settingKey(for:)``).
    package static func preferredSources(setting: String?) -> [String] {
        setting.map { $0.components(separatedBy: "\n") } ?? []
    }
}

extension StatisticsAggregation {
    /// The read of a type's values that maintenance computes the quarter hours `quarters` from: every sample
    /// overlapping them.
    package static func valueQuery(_ typeIdentifier: String, overlapping quarters: Range<Int64>) -> RowQuery {
        RowQuery(
            typeIdentifiers: [typeIdentifier],
            condition: .dateRange(
                start: Double(quarters.lowerBound) * bucketLength, end: Double(quarters.upperBound) * bucketLength,
                mode: .overlaps))
    }
}
