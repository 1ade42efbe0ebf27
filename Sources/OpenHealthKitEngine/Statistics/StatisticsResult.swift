package import Foundation
package import OpenHealthKitModel

/// What a statistics request asks: a quantity type, a predicate, options, and either one statistics over every
/// matching sample (`intervals` nil, as `HKStatisticsQuery`) or one per interval (as `HKStatisticsCollectionQuery`).
package struct StatisticsRequest: Sendable {
    package var type: HKQuantityType
    package var predicate: PredicateTree?
    package var options: HKStatisticsOptions
    package var intervals: StatisticsIntervals?
    /// With `intervals`: only the intervals overlapping this range (widened to whole intervals), for tools that ask
    /// "daily totals from … to …". Without it the predicate alone chooses the samples.
    package var range: DateInterval?

    package init(
        type: HKQuantityType, predicate: PredicateTree? = nil, options: HKStatisticsOptions,
        intervals: StatisticsIntervals? = nil, range: DateInterval? = nil
    ) {
        self.type = type
        self.predicate = predicate
        self.options = options
        self.intervals = intervals
        self.range = range
    }
}

/// The statistics of one interval that holds data.
package struct StatisticsBucket: Sendable, Equatable {
    /// The interval (a collection), or the earliest start and latest end of the samples (a single statistics).
    package var start: Date
    package var end: Date
    /// Every source merged.
    package var merged: StatisticsValues
    /// Each source on its own, in priority order; nil without `separateBySource`.
    package var bySource: [SourceStatistics]?

    package init(start: Date, end: Date, merged: StatisticsValues, bySource: [SourceStatistics]?) {
        self.start = start
        self.end = end
        self.merged = merged
        self.bySource = bySource
    }
}

/// One source's statistics in an interval.
package struct SourceStatistics: Sendable, Equatable {
    package var source: SourceRow
    package var values: StatisticsValues

    package init(source: SourceRow, values: StatisticsValues) {
        self.source = source
        self.values = values
    }
}

/// The answer to a ``StatisticsRequest``.
package struct StatisticsResult: Sendable {
    /// The intervals holding data, in chronological order (at most one without intervals).
    package var buckets: [StatisticsBucket]
    /// The intervals of a collection.
    package var intervals: StatisticsIntervals?
    /// The request's range widened to whole intervals, when it had one.
    package var range: DateInterval?

    package init(buckets: [StatisticsBucket], intervals: StatisticsIntervals?, range: DateInterval?) {
        self.buckets = buckets
        self.intervals = intervals
        self.range = range
    }

    /// Every interval from the one holding `start` up to `end` (excluded), those without data as nil buckets: what a
    /// table or chart shows. Needs `intervals`.
    package func everyInterval(from start: Date, until end: Date) -> [(
        interval: DateInterval, bucket: StatisticsBucket?
    )] {
        guard let intervals else { return [] }
        let byStart = Dictionary(buckets.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [(interval: DateInterval, bucket: StatisticsBucket?)] = []
        var index = intervals.index(containing: start)
        var intervalStart = intervals.start(of: index)
        while intervalStart < end {
            let intervalEnd = intervals.start(of: index + 1)
            result.append((DateInterval(start: intervalStart, end: intervalEnd), byStart[intervalStart]))
            index += 1
            intervalStart = intervalEnd
        }
        return result
    }
}
