import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The bars of a chart, from the store's statistics: per interval, the total of a cumulative type (sources merged
/// in the user's priority order), or the lowest, average and highest value of a discrete type; for other types the
/// number of samples. Blocking: run it with ``blocking(_:)``.
struct ChartData {
    let store: any HealthWebStore
    let dates: PageDateText

    /// What the bars say, with the summary line above the chart.
    struct Result: Sendable {
        let points: [ChartPoint]
        let isRange: Bool
        /// `Total 1,300` / `Average 72 /min`, and a second fact (`Daily average 186`, `Range 60–120 /min`).
        let headline: String
        let detail: String?
    }

    func chart(for type: HKSampleType, in window: ChartWindow, unit: DisplayUnit?) throws -> Result {
        if let quantityType = type as? HKQuantityType, let unit {
            return try quantityChart(quantityType, in: window, unit: unit)
        }
        let counts = try sampleCounts(of: type, in: window)
        let total = counts.reduce(0) { $0 + ($1.value ?? 0) }
        return Result(
            points: counts, isRange: false,
            headline: PageNumberText.format(total) + (total == 1 ? " sample" : " samples"), detail: nil)
    }

    private func quantityChart(_ type: HKQuantityType, in window: ChartWindow, unit: DisplayUnit) throws -> Result {
        let cumulative = type.aggregationStyle == .cumulative
        let options: HKStatisticsOptions = cumulative ? .cumulativeSum : [.discreteAverage, .discreteMin, .discreteMax]
        let range = DateInterval(start: window.start, end: window.end)
        let result = try store.statistics(
            StatisticsRequest(
                type: type, options: options, intervals: window.statisticsIntervals(calendar: dates.calendar),
                range: range))
        let points = result.everyInterval(from: window.start, until: window.end).map { interval, bucket -> ChartPoint in
            var point = ChartPoint(interval: interval)
            let values = bucket?.merged
            point.value = values?.sum.map { unit.shown($0, of: type) }
            point.low = values?.minimum.map { unit.shown($0, of: type) }
            point.average = values?.average.map { unit.shown($0, of: type) }
            point.high = values?.maximum.map { unit.shown($0, of: type) }
            point.title = title(of: interval, in: window) + ": " + describe(values, of: type, unit: unit)
            return point
        }
        if cumulative {
            let total = result.buckets.reduce(0) { $0 + ($1.merged.sum ?? 0) }
            let days = window.dayCount(calendar: dates.calendar)
            return Result(
                points: points, isRange: false, headline: "Total " + unit.format(total, of: type),
                detail: window.period == .day ? nil : "Daily average " + unit.format(total / Double(days), of: type))
        }
        // The whole window's average weighs every sample, not the intervals' averages.
        let overall = try store.statistics(
            StatisticsRequest(
                type: type,
                predicate: .leaf(.sampleDates(SampleDateRange(start: window.start, end: window.end, options: []))),
                options: options)
        ).buckets.first?.merged
        guard let overall, let average = overall.average else {
            return Result(points: points, isRange: true, headline: "No data", detail: nil)
        }
        let low = overall.minimum.map { unit.format($0, of: type) } ?? "–"
        let high = overall.maximum.map { unit.format($0, of: type) } ?? "–"
        return Result(
            points: points, isRange: true, headline: "Average " + unit.format(average, of: type),
            detail: "Range \(low) – \(high)")
    }

    private func describe(_ values: StatisticsValues?, of type: HKQuantityType, unit: DisplayUnit) -> String {
        guard let values else { return "no data" }
        if let sum = values.sum { return unit.format(sum, of: type) }
        guard let average = values.average else { return "no data" }
        let low = values.minimum.map { unit.format($0, of: type) } ?? "–"
        let high = values.maximum.map { unit.format($0, of: type) } ?? "–"
        return "average \(unit.format(average, of: type)), \(low) – \(high)"
    }

    private func title(of interval: DateInterval, in window: ChartWindow) -> String {
        switch window.period {
        case .day: dates.time(interval.start) + "–" + dates.time(interval.end)
        case .week, .month: dates.day(interval.start)
        case .year: dates.formatted(interval.start, "MMMM yyyy")
        }
    }

    /// Samples starting in each interval.
    private func sampleCounts(of type: HKSampleType, in window: ChartWindow) throws -> [ChartPoint] {
        let intervals = window.statisticsIntervals(calendar: dates.calendar)
        let bars = window.bars(calendar: dates.calendar)
        var counts = Array(repeating: 0.0, count: bars.count)
        let predicate = PredicateTree.leaf(
            .sampleDates(SampleDateRange(start: window.start, end: window.end, options: .strictStartDate)))
        for sample in try store.samples(of: type, predicate: predicate, newestFirst: false, limit: 0) {
            let index = intervals.index(containing: sample.startDate)
            if counts.indices.contains(index) { counts[index] += 1 }
        }
        return zip(bars, counts).map { interval, count in
            ChartPoint(
                interval: interval, value: count,
                title: title(of: interval, in: window) + ": " + PageNumberText.format(count))
        }
    }
}
