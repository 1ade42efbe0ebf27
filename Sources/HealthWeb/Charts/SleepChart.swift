import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The Sleep page's chart (see ``SleepNight``): a day shows its night as a timeline of stages; a week or a month a
/// bar per night (time asleep, time in bed behind it); six months each week's and a year each month's average night. Averages are over the
/// nights with data.
extension ChartData {
    func sleepChart(in window: ChartWindow) throws -> ChartResult {
        let span = SleepNight.span(from: window.start, to: window.end, calendar: dates.calendar)
        let samples = try store.samples(
            of: HKCategoryType(.sleepAnalysis),
            predicate: .leaf(
                .sampleDates(SampleDateRange(start: span.start, end: span.end, options: .strictStartDate))),
            newestFirst: false, limit: 0)
        let nights = SleepNight.nights(of: samples, calendar: dates.calendar)
        if window.period == .day {
            return nightChart(nights[window.day], in: window)
        }
        let points = window.bars(calendar: dates.calendar).map { interval -> ChartPoint in
            var point = ChartPoint(interval: interval, label: label(of: interval, in: window))
            let inInterval = nights.values.filter { interval.contains($0.day) && $0.day < interval.end }
            let asleep = inInterval.compactMap(\.asleep), inBed = inInterval.compactMap(\.inBed)
            guard !asleep.isEmpty || !inBed.isEmpty else { return point }
            let averageAsleep = asleep.isEmpty ? nil : asleep.reduce(0, +) / Double(asleep.count)
            let averageInBed = inBed.isEmpty ? nil : inBed.reduce(0, +) / Double(inBed.count)
            point.value = averageAsleep.map { $0 / 3600 }
            point.background = averageInBed.map { $0 / 3600 }
            let figures = [
                averageAsleep.map { "asleep " + SleepNight.duration($0) },
                averageInBed.map { "in bed " + SleepNight.duration($0) },
            ].compactMap { $0 }.joined(separator: ", ")
            point.figures =
                window.period.barsHoldDays
                ? "average night: \(figures) (\(Self.nights(max(asleep.count, inBed.count))))" : figures
            return point
        }
        let asleep = nights.values.compactMap(\.asleep), inBed = nights.values.compactMap(\.inBed)
        guard !nights.isEmpty else {
            return ChartResult(points: points, isRange: false, headline: "No data", detail: nil)
        }
        let headline =
            asleep.isEmpty
            ? "Average in bed " + SleepNight.duration(inBed.reduce(0, +) / Double(inBed.count))
            : "Average asleep " + SleepNight.duration(asleep.reduce(0, +) / Double(asleep.count))
        let detail = [
            asleep.isEmpty || inBed.isEmpty
                ? nil : "average in bed " + SleepNight.duration(inBed.reduce(0, +) / Double(inBed.count)),
            Self.nights(nights.count),
        ].compactMap { $0 }.joined(separator: " · ")
        return ChartResult(
            points: points, isRange: false, headline: headline, detail: detail.capitalizedFirst, axisUnit: "h")
    }

    /// One night: its stages on a timeline, the time asleep and in bed above it.
    private func nightChart(_ night: SleepNight?, in window: ChartWindow) -> ChartResult {
        guard let night, let span = night.span else {
            return ChartResult(points: [], isRange: false, headline: "No data", detail: nil)
        }
        let headline =
            night.asleep.map { "Asleep " + SleepNight.duration($0) }
            ?? night.inBed.map { "In bed " + SleepNight.duration($0) } ?? "No data"
        var facts: [String] = []
        if night.asleep != nil, let inBed = night.inBed { facts.append("in bed " + SleepNight.duration(inBed)) }
        facts.append(dates.time(span.start) + "–" + dates.time(span.end))
        return ChartResult(
            points: [], isRange: false, headline: headline, detail: facts.joined(separator: " · ").capitalizedFirst,
            timelines: [SleepTimeline.Layout.wide, .phone].map {
                SleepTimeline(night: night, span: span, dates: dates, layout: $0)
            })
    }

    /// `1 night`, `6 nights`.
    static func nights(_ count: Int) -> String {
        count == 1 ? "1 night" : "\(PageNumberText.format(Double(count))) nights"
    }
}

extension String {
    /// The text with its first letter in capitals.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
