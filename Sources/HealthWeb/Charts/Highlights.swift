import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Health's highlights: for a type with data this week (the last 7 days, today included), its average against the
/// previous four weeks (the 28 days before), with both figures. Totals are averaged per day with data, discrete
/// values over their samples, sleep per night. The largest changes come first.
struct Highlight: Sendable {
    let name: String
    let href: String
    /// `You averaged 8,123 steps a day this week, 12% more than the previous four weeks (7,250 steps).`
    let sentence: String
    let thisWeek: String
    let before: String
    /// The two bars' lengths, in percent of the longer.
    let thisWeekWidth: String
    let beforeWidth: String
    /// `up`, `down` or `same`.
    let trend: String
    /// How large the change is (for ordering).
    let change: Double

    /// How many the Summary shows.
    static let shown = 4

    /// The highlight of `type`, or nil when it has no data this week or none the four weeks before.
    static func of(
        _ type: HKSampleType, unit: DisplayUnit?, data: ChartData, today: Date, href: String
    ) throws -> Highlight? {
        let calendar = data.dates.calendar
        guard let end = calendar.date(byAdding: .day, value: 1, to: today),
            let weekStart = calendar.date(byAdding: .day, value: -6, to: today),
            let monthStart = calendar.date(byAdding: .day, value: -28, to: weekStart)
        else { return nil }
        let name = PageTypeNames.displayName(type.identifier)
        switch TypePageKind(type) {
        case .quantity(let quantityType):
            guard let unit else { return nil }
            if quantityType.aggregationStyle == .cumulative {
                func average(_ from: Date, _ to: Date) throws -> Double? {
                    let days = try data.dailySums(quantityType, from: from, to: to)
                    return days.isEmpty ? nil : days.reduce(0) { $0 + $1.sum } / Double(days.count)
                }
                guard let now = try average(weekStart, end), let then = try average(monthStart, weekStart) else {
                    return nil
                }
                return Highlight(
                    name: name, href: href, now: now, then: then,
                    text: { unit.format($0, of: quantityType) + " a day" }, subject: "You averaged",
                    shown: { unit.shown($0, of: quantityType) })
            }
            func average(_ from: Date, _ to: Date) throws -> Double? {
                try data.overall(quantityType, options: .discreteAverage, from: from, to: to)?.average
            }
            guard let now = try average(weekStart, end), let then = try average(monthStart, weekStart) else {
                return nil
            }
            return Highlight(
                name: name, href: href, now: now, then: then, text: { unit.format($0, of: quantityType) },
                subject: "\(name) averaged", shown: { unit.shown($0, of: quantityType) })
        case .sleep:
            let samples = try data.store.samples(
                of: type,
                predicate: .leaf(
                    .sampleDates(
                        SampleDateRange(
                            start: SleepNight.span(from: monthStart, to: end, calendar: calendar).start, end: nil,
                            options: .strictStartDate))),
                newestFirst: false, limit: 0)
            let nights = SleepNight.nights(of: samples, calendar: calendar)
            func average(_ from: Date, _ to: Date) -> Double? {
                let asleep = nights.values.filter { $0.day >= from && $0.day < to }.compactMap(\.asleep)
                return asleep.isEmpty ? nil : asleep.reduce(0, +) / Double(asleep.count)
            }
            guard let now = average(weekStart, end), let then = average(monthStart, weekStart) else { return nil }
            return Highlight(
                name: name, href: href, now: now, then: then, text: { SleepNight.duration($0) + " a night" },
                subject: "You slept", shown: { $0 })
        default:
            return nil
        }
    }

    private init(
        name: String, href: String, now: Double, then: Double, text: (Double) -> String, subject: String,
        shown: (Double) -> Double
    ) {
        self.name = name
        self.href = href
        let change = then == 0 ? 0 : (now - then) / abs(then)
        self.change = abs(change)
        let percent = WholeNumber.rounded(abs(change) * 100)
        let comparison: String
        if percent < 2 {
            trend = "same"
            comparison = "about as much as"
        } else {
            trend = change > 0 ? "up" : "down"
            comparison = "\(percent)% \(change > 0 ? "more" : "less") than"
        }
        thisWeek = text(now)
        before = text(then)
        sentence =
            "\(subject) \(thisWeek) this week, \(comparison) over the previous four weeks (\(before))."
        let longest = max(abs(shown(now)), abs(shown(then)), .leastNonzeroMagnitude)
        thisWeekWidth = String(format: "%.0f", max(2, abs(shown(now)) / longest * 100))
        beforeWidth = String(format: "%.0f", max(2, abs(shown(then)) / longest * 100))
    }
}
