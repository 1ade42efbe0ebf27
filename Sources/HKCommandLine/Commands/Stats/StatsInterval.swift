import ArgumentParser
import Foundation

/// The length of `hk stats`' intervals, `--interval`: calendar hours, days, weeks (Monday to Monday), months and years
/// in the `--timezone` zone.
enum StatsInterval: String, CaseIterable, ExpressibleByArgument {
    case hour, day, week, month, year

    /// One interval, as the engine's `StatisticsIntervals` takes it.
    var components: DateComponents {
        switch self {
        case .hour: DateComponents(hour: 1)
        case .day: DateComponents(day: 1)
        case .week: DateComponents(weekOfYear: 1)
        case .month: DateComponents(month: 1)
        case .year: DateComponents(year: 1)
        }
    }

    /// The start of the calendar interval holding `date`, which anchors the intervals: midnight of its day for hours
    /// and days, of the Monday on or before it for weeks, of the first of its month or year for months and years.
    /// `calendar` must start weeks on Monday.
    func anchor(for date: Date, in calendar: Calendar) -> Date {
        let component: Calendar.Component
        switch self {
        case .hour, .day: return calendar.startOfDay(for: date)
        case .week: component = .weekOfYear
        case .month: component = .month
        case .year: component = .year
        }
        return calendar.dateInterval(of: component, for: date)?.start ?? calendar.startOfDay(for: date)
    }
}
