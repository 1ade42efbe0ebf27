package import Foundation
import OpenHealthKitModel

/// The time intervals of a statistics collection: `anchor + n × components` for every integer n, computed with a
/// calendar in its time zone. Days, weeks and months follow the wall clock, so a day that changes to or from daylight
/// saving time lasts 23 or 25 hours; hours, minutes and seconds are fixed lengths.
package struct StatisticsIntervals: Sendable, Equatable {
    package let anchor: Date
    package let components: DateComponents
    package let calendar: Calendar
    /// The fields of `components` that set a length, weeks of month counted as weeks of year.
    private let steps: [Step]
    /// A rough length of one interval, to find the interval of a date with few calendar calls.
    private let approximateLength: Double

    private struct Step: Sendable, Equatable {
        var component: Calendar.Component
        var value: Int
    }

    /// The fields an interval may set, with a rough length in seconds.
    private static let lengths: [(Calendar.Component, Double)] = [
        (.year, 365.2425 * 86400), (.month, 30.436875 * 86400), (.weekOfYear, 7 * 86400), (.day, 86400),
        (.hour, 3600), (.minute, 60), (.second, 1), (.nanosecond, 1e-9),
    ]

    /// The intervals, or `errorInvalidArgument` when `components` is not a positive length made of years, months,
    /// weeks, days, hours, minutes, seconds and nanoseconds.
    package init(anchor: Date, components: DateComponents, calendar: Calendar) throws {
        let unsupported = [components.era, components.quarter, components.weekday, components.weekdayOrdinal, components.yearForWeekOfYear]
        guard unsupported.allSatisfy({ ($0 ?? 0) == 0 }) else {
            throw HKError.invalidArgument("Statistics intervals may set only years, months, weeks, days, hours, minutes and seconds: \(components)")
        }
        var steps: [Step] = []
        var length = 0.0
        for (component, seconds) in Self.lengths {
            var value = components.value(for: component) ?? 0
            if component == .weekOfYear { value += components.weekOfMonth ?? 0 }
            guard value >= 0 else {
                throw HKError.invalidArgument("Statistics intervals must be a positive length of time: \(components)")
            }
            if value > 0 { steps.append(Step(component: component, value: value)) }
            length += Double(value) * seconds
        }
        guard !steps.isEmpty else {
            throw HKError.invalidArgument("Statistics intervals must be a positive length of time: \(components)")
        }
        self.anchor = anchor
        self.components = components
        self.calendar = calendar
        self.steps = steps
        approximateLength = length
    }

    /// The start of interval `index`; interval 0 starts at the anchor. Each start is computed from the anchor, so
    /// month intervals anchored on the 31st keep returning to the 31st where a month has one.
    package func start(of index: Int) -> Date {
        guard index != 0 else { return anchor }
        var scaled = DateComponents()
        for step in steps { scaled.setValue(step.value * index, for: step.component) }
        return calendar.date(byAdding: scaled, to: anchor) ?? anchor.addingTimeInterval(Double(index) * approximateLength)
    }

    /// The index of the interval holding `date` (an interval holds its start, not its end).
    package func index(containing date: Date) -> Int {
        let estimate = (date.timeIntervalSince(anchor) / approximateLength).rounded(.down)
        var index = Int(max(min(estimate, Double(Int32.max)), Double(Int32.min)))
        while start(of: index) > date { index -= 1 }
        while start(of: index + 1) <= date { index += 1 }
        return index
    }

    /// The interval holding `date`.
    package func interval(containing date: Date) -> DateInterval {
        let index = index(containing: date)
        return DateInterval(start: start(of: index), end: start(of: index + 1))
    }
}
