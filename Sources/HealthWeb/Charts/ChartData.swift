import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// What a type page's chart says: its bars, the headline above it and a second fact, and, for a night of sleep,
/// the timeline drawn instead of bars.
struct ChartResult: Sendable {
    var points: [ChartPoint]
    var isRange: Bool
    /// `Daily average 7,432 steps`, `Average 72 BPM`, `Asleep 7 h 12 min`.
    var headline: String
    /// `Total 52,024 steps over 7 days with data`, `Range 52–140 BPM`.
    var detail: String?
    /// A night's stages, drawn for a laptop and for a phone.
    var timelines: [SleepTimeline] = []
    /// The night's stages as drawn for a laptop.
    var timeline: SleepTimeline? { timelines.first }
    /// What the value axis counts in, when its numbers need it (`h` for sleep).
    var axisUnit = ""
}

/// The bars of a chart, from the store's statistics: per interval, the total of a cumulative type (sources merged
/// in the user's priority order; in six months and a year, each week's or month's daily average), or the lowest, average and highest value
/// of a discrete type; for other types the number of samples. Averages are over the days with data, as Health
/// computes them. Blocking: run it with ``blocking(_:)``.
struct ChartData {
    let store: any HealthWebStore
    let dates: PageDateText

    func quantityChart(_ type: HKQuantityType, in window: ChartWindow, unit: DisplayUnit) throws -> ChartResult {
        type.aggregationStyle == .cumulative
            ? try cumulativeChart(type, in: window, unit: unit) : try discreteChart(type, in: window, unit: unit)
    }

    // MARK: Totals

    /// Hours of a day, days of a week or a month (sums), weeks of six months and months of a year (daily averages).
    private func cumulativeChart(_ type: HKQuantityType, in window: ChartWindow, unit: DisplayUnit) throws
        -> ChartResult
    {
        let days = try dailySums(type, from: window.start, to: window.end)
        let total = days.reduce(0) { $0 + $1.sum }
        let withData = days.count
        let points: [ChartPoint]
        switch window.period {
        case .day:
            let result = try store.statistics(
                StatisticsRequest(
                    type: type, options: .cumulativeSum,
                    intervals: window.statisticsIntervals(calendar: dates.calendar),
                    range: DateInterval(start: window.start, end: window.end)))
            points = result.everyInterval(from: window.start, until: window.end).map { interval, bucket in
                var point = ChartPoint(interval: interval, label: label(of: interval, in: window))
                if let sum = bucket?.merged.sum {
                    point.value = unit.shown(sum, of: type)
                    point.figures = unit.format(sum, of: type)
                }
                return point
            }
        case .week, .month:
            let byDay = Dictionary(days.map { ($0.day, $0.sum) }, uniquingKeysWith: +)
            points = window.bars(calendar: dates.calendar).map { interval in
                var point = ChartPoint(interval: interval, label: label(of: interval, in: window))
                if let sum = byDay[interval.start] {
                    point.value = unit.shown(sum, of: type)
                    point.figures = unit.format(sum, of: type)
                }
                return point
            }
        case .sixMonths, .year:
            points = window.bars(calendar: dates.calendar).map { bar in
                var point = ChartPoint(interval: bar, label: label(of: bar, in: window))
                let inBar = days.filter { bar.contains($0.day) && $0.day < bar.end }
                if !inBar.isEmpty {
                    let average = inBar.reduce(0) { $0 + $1.sum } / Double(inBar.count)
                    point.value = unit.shown(average, of: type)
                    point.figures =
                        "daily average \(unit.format(average, of: type)) (\(Self.days(inBar.count)) with data)"
                }
                return point
            }
        }
        guard withData > 0 else {
            return ChartResult(points: points, isRange: false, headline: "No data", detail: nil)
        }
        if window.period == .day {
            return ChartResult(
                points: points, isRange: false, headline: "Total " + unit.format(total, of: type), detail: nil)
        }
        return ChartResult(
            points: points, isRange: false,
            headline: "Daily average " + unit.format(total / Double(withData), of: type),
            detail: "Total \(unit.format(total, of: type)) · \(Self.days(withData)) with data")
    }

    /// The merged total of each day with data in [start, end), by the day's start.
    func dailySums(_ type: HKQuantityType, from start: Date, to end: Date) throws -> [(day: Date, sum: Double)] {
        // The components are a positive length: the initializer cannot refuse them.
        let days = try! StatisticsIntervals(anchor: start, components: DateComponents(day: 1), calendar: dates.calendar)
        let result = try store.statistics(
            StatisticsRequest(
                type: type, options: .cumulativeSum, intervals: days, range: DateInterval(start: start, end: end)))
        return result.buckets.compactMap { bucket in
            guard bucket.start >= start, bucket.start < end, let sum = bucket.merged.sum else { return nil }
            return (bucket.start, sum)
        }
    }

    /// How many days of [start, end) hold a sample of the discrete `type`.
    func daysWithSamples(_ type: HKQuantityType, from start: Date, to end: Date) throws -> Int {
        // The components are a positive length: the initializer cannot refuse them.
        let days = try! StatisticsIntervals(anchor: start, components: DateComponents(day: 1), calendar: dates.calendar)
        return try store.statistics(
            StatisticsRequest(
                type: type, options: .discreteAverage, intervals: days, range: DateInterval(start: start, end: end))
        ).buckets.filter { $0.start >= start && $0.start < end && $0.merged.average != nil }.count
    }

    // MARK: Discrete values

    private func discreteChart(_ type: HKQuantityType, in window: ChartWindow, unit: DisplayUnit) throws
        -> ChartResult
    {
        let options: HKStatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax]
        let result = try store.statistics(
            StatisticsRequest(
                type: type, options: options, intervals: window.statisticsIntervals(calendar: dates.calendar),
                range: DateInterval(start: window.start, end: window.end)))
        let points = result.everyInterval(from: window.start, until: window.end).map { interval, bucket in
            var point = ChartPoint(interval: interval, label: label(of: interval, in: window))
            if let values = bucket?.merged, let average = values.average {
                point.low = values.minimum.map { unit.shown($0, of: type) }
                point.average = unit.shown(average, of: type)
                point.high = values.maximum.map { unit.shown($0, of: type) }
                point.figures = describe(values, of: type, unit: unit)
            }
            return point
        }
        // The whole window's average weighs every sample, not the intervals' averages.
        guard let overall = try overall(type, options: options, from: window.start, to: window.end),
            let average = overall.average
        else {
            return ChartResult(points: points, isRange: true, headline: "No data", detail: nil)
        }
        return ChartResult(
            points: points, isRange: true, headline: "Average " + unit.format(average, of: type),
            detail: "Range " + range(overall, of: type, unit: unit))
    }

    /// One statistics over every sample of [start, end) (their part inside it).
    func overall(_ type: HKQuantityType, options: HKStatisticsOptions, from start: Date, to end: Date) throws
        -> StatisticsValues?
    {
        try store.statistics(
            StatisticsRequest(
                type: type, predicate: .leaf(.sampleDates(SampleDateRange(start: start, end: end, options: []))),
                options: options)
        ).buckets.first?.merged
    }

    /// `60–120 BPM`.
    private func range(_ values: StatisticsValues, of type: HKQuantityType, unit: DisplayUnit) -> String {
        let low = values.minimum.map { unit.number($0, of: type) } ?? "–"
        let high = values.maximum.map { unit.number($0, of: type) } ?? "–"
        return unit.withSymbol(low == high ? low : low + "–" + high)
    }

    /// `60–120 BPM, average 72 BPM`.
    private func describe(_ values: StatisticsValues, of type: HKQuantityType, unit: DisplayUnit) -> String {
        let average = values.average.map { unit.format($0, of: type) } ?? "–"
        return range(values, of: type, unit: unit) + ", average " + average
    }

    // MARK: Blood pressure

    /// Systolic and diastolic side by side: each interval's range of each, with its average.
    func bloodPressureChart(in window: ChartWindow, unit: DisplayUnit) throws -> ChartResult {
        let systolic = HKQuantityType(.bloodPressureSystolic), diastolic = HKQuantityType(.bloodPressureDiastolic)
        let options: HKStatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax]
        func perInterval(_ type: HKQuantityType) throws -> [(DateInterval, StatisticsValues?)] {
            try store.statistics(
                StatisticsRequest(
                    type: type, options: options, intervals: window.statisticsIntervals(calendar: dates.calendar),
                    range: DateInterval(start: window.start, end: window.end))
            ).everyInterval(from: window.start, until: window.end).map { ($0.interval, $0.bucket?.merged) }
        }
        let upper = try perInterval(systolic), lower = try perInterval(diastolic)
        let points = zip(upper, lower).map { first, second in
            var point = ChartPoint(interval: first.0, label: label(of: first.0, in: window))
            if let high = first.1, let low = second.1 {
                point.low = high.minimum.map { unit.shown($0, of: systolic) }
                point.average = high.average.map { unit.shown($0, of: systolic) }
                point.high = high.maximum.map { unit.shown($0, of: systolic) }
                point.secondLow = low.minimum.map { unit.shown($0, of: diastolic) }
                point.secondAverage = low.average.map { unit.shown($0, of: diastolic) }
                point.secondHigh = low.maximum.map { unit.shown($0, of: diastolic) }
                point.figures =
                    "systolic \(range(high, of: systolic, unit: unit)), diastolic \(range(low, of: diastolic, unit: unit))"
            }
            return point
        }
        guard let high = try overall(systolic, options: options, from: window.start, to: window.end),
            let low = try overall(diastolic, options: options, from: window.start, to: window.end),
            let top = high.average,
            let bottom = low.average
        else {
            return ChartResult(points: points, isRange: true, headline: "No data", detail: nil)
        }
        return ChartResult(
            points: points, isRange: true,
            headline: "Average "
                + unit.withSymbol(unit.number(top, of: systolic) + "/" + unit.number(bottom, of: diastolic)),
            detail:
                "Systolic \(range(high, of: systolic, unit: unit)) · diastolic \(range(low, of: diastolic, unit: unit))"
        )
    }

    // MARK: Counts

    /// Samples starting in each interval (mindful sessions: their minutes; stand hours: the hours stood), over the
    /// window.
    func countChart(_ type: HKSampleType, in window: ChartWindow) throws -> ChartResult {
        let tally = Tally(type)
        let intervals = window.statisticsIntervals(calendar: dates.calendar)
        let bars = window.bars(calendar: dates.calendar)
        var totals = Array(repeating: 0.0, count: bars.count)
        var present = Array(repeating: false, count: bars.count)
        var days: Set<Date> = []
        let predicate = PredicateTree.leaf(
            .sampleDates(SampleDateRange(start: window.start, end: window.end, options: .strictStartDate)))
        for sample in try store.samples(of: type, predicate: predicate, newestFirst: false, limit: 0) {
            let index = intervals.index(containing: sample.startDate)
            guard totals.indices.contains(index) else { continue }
            totals[index] += tally.amount(of: sample)
            present[index] = true
            days.insert(dates.calendar.startOfDay(for: sample.startDate))
        }
        let points = bars.enumerated().map { index, interval in
            var point = ChartPoint(interval: interval, label: label(of: interval, in: window))
            if present[index] {
                point.value = totals[index]
                point.figures = tally.text(totals[index])
            }
            return point
        }
        let total = totals.reduce(0, +)
        guard !days.isEmpty else {
            return ChartResult(points: points, isRange: false, headline: "No data", detail: nil)
        }
        if tally == .records {
            return ChartResult(
                points: points, isRange: false, headline: tally.text(total),
                detail: window.period == .day ? nil : "on \(Self.days(days.count))")
        }
        return ChartResult(
            points: points, isRange: false, headline: "Total " + tally.text(total),
            detail: window.period == .day
                ? nil : "Daily average \(tally.text(total / Double(days.count))) over \(Self.days(days.count))")
    }

    /// What a count chart adds up for each sample.
    enum Tally: Equatable {
        /// Mindful sessions: their minutes.
        case minutes
        /// Stand hours: an hour stood counts one, an idle hour nothing (Health's Stand Hours count only the first).
        case hoursStood
        /// Anything else: one per sample.
        case records

        init(_ type: HKSampleType) {
            switch type.identifier {
            case HKCategoryTypeIdentifier.mindfulSession.rawValue: self = .minutes
            case HKCategoryTypeIdentifier.appleStandHour.rawValue: self = .hoursStood
            default: self = .records
            }
        }

        func amount(of sample: HKSample) -> Double {
            switch self {
            case .minutes: sample.endDate.timeIntervalSince(sample.startDate) / 60
            case .hoursStood:
                (sample as? HKCategorySample)?.value == HKCategoryValueAppleStandHour.stood.rawValue ? 1 : 0
            case .records: 1
            }
        }

        /// `45 min`, `12 hr`, `3 recorded`.
        func text(_ total: Double) -> String {
            switch self {
            case .minutes: ChartData.minutes(total)
            case .hoursStood: PageNumberText.format(total.rounded()) + " hr"
            case .records: "\(PageNumberText.format(total)) recorded"
            }
        }
    }

    // MARK: Words

    /// The interval for people: `14:00–15:00`, `Mon 14 Nov 2026`, `November 2026`.
    func label(of interval: DateInterval, in window: ChartWindow) -> String {
        switch window.period {
        case .day: dates.time(interval.start) + "–" + dates.time(interval.end)
        case .week, .month: dates.formatted(interval.start, "EEE d MMM yyyy")
        case .sixMonths: "week of " + dates.formatted(interval.start, "d MMM yyyy")
        case .year: dates.formatted(interval.start, "MMMM yyyy")
        }
    }

    /// `1 day`, `7 days`.
    static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(PageNumberText.format(Double(count))) days"
    }

    /// `45 min`, `1 h 5 min`, `7 h`.
    static func minutes(_ value: Double) -> String {
        let whole = WholeNumber.rounded(value)
        if whole < 60 { return "\(whole) min" }
        return whole % 60 == 0 ? "\(whole / 60) h" : "\(whole / 60) h \(whole % 60) min"
    }
}
