public import Foundation
package import OpenHealthKitEngine

/// The statistics of a collection query, one per time interval. Any interval can be asked for: one without data
/// gives statistics whose quantities are all nil.
public final class HKStatisticsCollection: NSObject, @unchecked Sendable {
    private let quantityType: HKQuantityType
    private let separateBySource: Bool
    private let intervals: StatisticsIntervals
    private let populated: [HKStatistics]
    private let byStart: [Date: HKStatistics]

    package init(
        type: HKQuantityType, options: HKStatisticsOptions, intervals: StatisticsIntervals, buckets: [StatisticsBucket]
    ) {
        quantityType = type
        separateBySource = options.contains(.separateBySource)
        self.intervals = intervals
        populated = buckets.map {
            HKStatistics(
                type: type, start: $0.start, end: $0.end, bucket: $0,
                separateBySource: options.contains(.separateBySource))
        }
        byStart = Dictionary(populated.map { ($0.startDate, $0) }, uniquingKeysWith: { first, _ in first })
        super.init()
    }

    /// The statistics of the interval holding `date` (nil quantities when it holds no data).
    public func statistics(for date: Date) -> HKStatistics? {
        statistics(of: intervals.interval(containing: date))
    }

    /// Calls `block` with the statistics of every interval from the one holding `startDate` to the one holding
    /// `endDate`, in chronological order, empty intervals included; setting the flag to true stops early.
    public func enumerateStatistics(
        from startDate: Date, to endDate: Date, with block: (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        guard startDate <= endDate else { return }
        var stop = ObjCBool(false)
        var index = intervals.index(containing: startDate)
        var start = intervals.start(of: index)
        while start <= endDate {
            let end = intervals.start(of: index + 1)
            block(statistics(of: DateInterval(start: start, end: end)), &stop)
            if stop.boolValue { return }
            index += 1
            start = end
        }
    }

    /// The statistics of the intervals that hold data, in chronological order.
    public func statistics() -> [HKStatistics] {
        populated
    }

    /// The sources with samples in the collection; empty unless the query asked for `separateBySource`.
    public func sources() -> Set<HKSource> {
        Set(populated.flatMap { $0.sources ?? [] })
    }

    private func statistics(of interval: DateInterval) -> HKStatistics {
        byStart[interval.start]
            ?? HKStatistics(
                type: quantityType, start: interval.start, end: interval.end, bucket: nil,
                separateBySource: separateBySource)
    }
}
