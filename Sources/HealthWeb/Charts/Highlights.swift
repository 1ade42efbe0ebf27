import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Health's highlights and trends: a type's recent average against the one before it, with both figures. A
/// highlight compares this week (the last 7 days, today included) with the previous four weeks; a trend, as Health's
/// Trends, the last 90 days with the year before them, and is shown only when both hold enough days of data and the
/// average moved by 5 % or more. Totals are averaged per day with data, discrete values over their samples (each
/// window needing its days with a sample), sleep per night. The largest changes come first.
struct Highlight: Sendable {
    /// The two windows compared, and how they read.
    struct Comparison: Sendable {
        let recentDays: Int
        let priorDays: Int
        /// `this week`, `over the last 90 days`.
        let recentWords: String
        /// `over the previous four weeks`, `over the year before`.
        let priorWords: String
        /// The bars' labels.
        let recentLabel: String
        let priorLabel: String
        /// The days (or nights) with data each window needs.
        let minimumRecent: Int
        let minimumPrior: Int
        /// The smallest change shown (as a fraction); below it there is no highlight.
        let minimumChange: Double

        static let week = Comparison(
            recentDays: 7, priorDays: 28, recentWords: "this week", priorWords: "over the previous four weeks",
            recentLabel: "This week", priorLabel: "4 weeks before", minimumRecent: 1, minimumPrior: 1,
            minimumChange: 0)
        static let trend = Comparison(
            recentDays: 90, priorDays: 365, recentWords: "over the last 90 days", priorWords: "over the year before",
            recentLabel: "Last 90 days", priorLabel: "Year before", minimumRecent: 30, minimumPrior: 60,
            minimumChange: 0.05)
    }

    let name: String
    let href: String
    /// `You averaged 8,123 steps a day this week, 12% more than over the previous four weeks (7,250 steps a day).`
    let sentence: String
    /// The two averages, as the sentence writes them.
    let recent: String
    let prior: String
    let recentLabel: String
    let priorLabel: String
    /// The two bars' lengths, in percent of the longer.
    let recentWidth: String
    let priorWidth: String
    /// `up`, `down` or `same`.
    let trend: String
    /// How large the change is (for ordering).
    let change: Double

    /// How many the Summary shows.
    static let shown = 4

    /// An average over a window and the days (or nights) with data it is over.
    private typealias Average = (value: Double, days: Int)

    /// The highlight (or trend) of `type`, or nil when a window lacks the data the comparison needs.
    static func of(
        _ type: HKSampleType, unit: DisplayUnit?, data: ChartData, today: Date, href: String,
        comparing comparison: Comparison = .week
    ) throws -> Highlight? {
        let calendar = data.dates.calendar
        guard let end = calendar.date(byAdding: .day, value: 1, to: today),
            let recentStart = calendar.date(byAdding: .day, value: -comparison.recentDays, to: end),
            let priorStart = calendar.date(byAdding: .day, value: -comparison.priorDays, to: recentStart)
        else { return nil }
        let name = PageTypeNames.displayName(type.identifier)
        let make = {
            (now: Average?, then: Average?, text: (Double) -> String, subject: String, shown: (Double) -> Double)
                -> Highlight? in
            guard let now, let then, now.days >= comparison.minimumRecent, then.days >= comparison.minimumPrior
            else { return nil }
            let highlight = Highlight(
                name: name, href: href, now: now.value, then: then.value, text: text, subject: subject, shown: shown,
                comparison: comparison)
            return highlight.change >= comparison.minimumChange ? highlight : nil
        }
        switch TypePageKind(type) {
        case .quantity(let quantityType):
            guard let unit else { return nil }
            if quantityType.aggregationStyle == .cumulative {
                func average(_ from: Date, _ to: Date) throws -> Average? {
                    let days = try data.dailySums(quantityType, from: from, to: to)
                    return days.isEmpty ? nil : (days.reduce(0) { $0 + $1.sum } / Double(days.count), days.count)
                }
                return make(
                    try average(recentStart, end), try average(priorStart, recentStart),
                    { unit.format($0, of: quantityType) + " a day" }, "You averaged",
                    { unit.shown($0, of: quantityType) })
            }
            func average(_ from: Date, _ to: Date) throws -> Average? {
                guard let value = try data.overall(quantityType, options: .discreteAverage, from: from, to: to)?.average
                else { return nil }
                return (value, try data.daysWithSamples(quantityType, from: from, to: to))
            }
            return make(
                try average(recentStart, end), try average(priorStart, recentStart),
                { unit.format($0, of: quantityType) }, "\(name) averaged", { unit.shown($0, of: quantityType) })
        case .sleep:
            let samples = try data.store.samples(
                of: type,
                predicate: .leaf(
                    .sampleDates(
                        SampleDateRange(
                            start: SleepNight.span(from: priorStart, to: end, calendar: calendar).start, end: nil,
                            options: .strictStartDate))),
                newestFirst: false, limit: 0)
            let nights = SleepNight.nights(of: samples, calendar: calendar)
            func average(_ from: Date, _ to: Date) -> Average? {
                let asleep = nights.values.filter { $0.day >= from && $0.day < to }.compactMap(\.asleep)
                return asleep.isEmpty ? nil : (asleep.reduce(0, +) / Double(asleep.count), asleep.count)
            }
            return make(
                average(recentStart, end), average(priorStart, recentStart), { SleepNight.duration($0) + " a night" },
                "You slept", { $0 })
        default:
            return nil
        }
    }

    private init(
        name: String, href: String, now: Double, then: Double, text: (Double) -> String, subject: String,
        shown: (Double) -> Double, comparison: Comparison
    ) {
        self.name = name
        self.href = href
        let change = then == 0 ? 0 : (now - then) / abs(then)
        self.change = abs(change)
        let percent = WholeNumber.rounded(abs(change) * 100)
        let words: String
        if percent < 2 {
            trend = "same"
            words = "about as much as"
        } else {
            trend = change > 0 ? "up" : "down"
            words = "\(percent)% \(change > 0 ? "more" : "less") than"
        }
        recent = text(now)
        prior = text(then)
        recentLabel = comparison.recentLabel
        priorLabel = comparison.priorLabel
        sentence = "\(subject) \(recent) \(comparison.recentWords), \(words) \(comparison.priorWords) (\(prior))."
        let longest = max(abs(shown(now)), abs(shown(then)), .leastNonzeroMagnitude)
        recentWidth = String(format: "%.0f", max(2, abs(shown(now)) / longest * 100))
        priorWidth = String(format: "%.0f", max(2, abs(shown(then)) / longest * 100))
    }
}
