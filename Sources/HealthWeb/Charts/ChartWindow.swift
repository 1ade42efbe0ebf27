import Foundation
import OpenHealthKitEngine

/// The time a chart covers: a day in hours, a week or a month in days, six months in weeks, a year in months, ending with the day the
/// page is about (today by default).
struct ChartWindow: Sendable {
    enum Period: String, CaseIterable, Sendable {
        case day, week, month
        /// Health's 6M: 26 weeks, a bar per week.
        case sixMonths = "6months"
        case year

        var label: String {
            self == .sixMonths ? "6 Months" : rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }

        /// Whether a bar holds several days (a week of 6 Months, a month of a Year): totals read as daily
        /// averages, nights as the average night.
        var barsHoldDays: Bool { self == .sixMonths || self == .year }
    }

    let period: Period
    /// The day the window ends with.
    let day: Date
    let start: Date
    let end: Date
    /// The length of one bar.
    let interval: DateComponents
    /// The day a step back or forward shows.
    let previousDay: Date
    let nextDay: Date

    init(period: Period, day: Date, calendar: Calendar) {
        self.period = period
        let day = calendar.startOfDay(for: day)
        self.day = day
        let dayAfter = calendar.date(byAdding: .day, value: 1, to: day)!
        switch period {
        case .day:
            start = day
            end = dayAfter
            interval = DateComponents(hour: 1)
        case .week:
            start = calendar.date(byAdding: .day, value: -7, to: dayAfter)!
            end = dayAfter
            interval = DateComponents(day: 1)
        case .month:
            start = calendar.date(byAdding: .month, value: -1, to: dayAfter)!
            end = dayAfter
            interval = DateComponents(day: 1)
        case .sixMonths:
            start = calendar.date(byAdding: .day, value: -7 * 26, to: dayAfter)!
            end = dayAfter
            interval = DateComponents(day: 7)
        case .year:
            let month = calendar.date(from: calendar.dateComponents([.year, .month], from: day))!
            end = calendar.date(byAdding: .month, value: 1, to: month)!
            start = calendar.date(byAdding: .month, value: -12, to: end)!
            interval = DateComponents(month: 1)
        }
        let step: DateComponents =
            switch period {
            case .day: DateComponents(day: 1)
            case .week: DateComponents(day: 7)
            case .month: DateComponents(month: 1)
            case .sixMonths: DateComponents(month: 6)
            case .year: DateComponents(year: 1)
            }
        previousDay = calendar.date(byAdding: step.negated, to: day)!
        nextDay = calendar.date(byAdding: step, to: day)!
    }

    /// The bars' intervals, in order, as the statistics engine computes them.
    func statisticsIntervals(calendar: Calendar) -> StatisticsIntervals {
        // The components are a positive length: the initializer cannot refuse them.
        try! StatisticsIntervals(anchor: start, components: interval, calendar: calendar)
    }

    func bars(calendar: Calendar) -> [DateInterval] {
        let intervals = statisticsIntervals(calendar: calendar)
        var result: [DateInterval] = []
        var index = 0
        while intervals.start(of: index) < end {
            result.append(DateInterval(start: intervals.start(of: index), end: intervals.start(of: index + 1)))
            index += 1
        }
        return result
    }

    /// Days the window covers (for a daily average).
    func dayCount(calendar: Calendar) -> Int {
        max(1, calendar.dateComponents([.day], from: start, to: end).day ?? 1)
    }

    /// The title of the window: `21 Nov 2026`, `15–21 Nov 2026`, `Nov 2025 – Oct 2026`.
    func title(_ dates: PageDateText) -> String {
        let last = dates.calendar.date(byAdding: .second, value: -1, to: end)!
        switch period {
        case .day: return dates.day(start)
        case .week, .month, .sixMonths: return dates.day(start) + " – " + dates.day(last)
        case .year: return dates.formatted(start, "MMM yyyy") + " – " + dates.formatted(last, "MMM yyyy")
        }
    }

    /// The label under bar `index` (nil: none, to keep labels apart).
    func barLabel(_ interval: DateInterval, index: Int, dates: PageDateText) -> String? {
        switch period {
        case .day: return index % 6 == 0 ? dates.formatted(interval.start, "HH:mm") : nil
        case .week: return dates.formatted(interval.start, "EEE")
        case .month: return index % 7 == 0 ? dates.formatted(interval.start, "d MMM") : nil
        case .sixMonths: return index % 4 == 0 ? dates.formatted(interval.start, "d MMM") : nil
        case .year: return dates.formatted(interval.start, "MMM")
        }
    }
}

extension DateComponents {
    fileprivate var negated: DateComponents {
        var components = DateComponents()
        for component in [Calendar.Component.year, .month, .day] {
            if let value = value(for: component) { components.setValue(-value, for: component) }
        }
        return components
    }
}
