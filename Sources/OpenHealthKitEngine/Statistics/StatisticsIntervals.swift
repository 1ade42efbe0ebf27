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
    /// Twice the largest index magnitude between two sample dates (see ``SampleValidation/dateRange``) in Gregorian
    /// lengths: searches for an interval never go beyond it, so a date outside the range costs a bounded number of
    /// calendar calls. Twice, because other calendars' units are shorter: an Islamic year has 354 days, a Coptic
    /// month 28 on average, and 4,000 Gregorian years hold 4,123 Islamic ones.
    private let indexLimit: Int

    /// The most intervals a statistics collection may span from its first to its last interval holding data:
    /// 100,000 intervals of about 100 bytes each (10 MB, a second of calendar work) hold 273 years of days, 11 years
    /// of hours or 69 days of minutes.
    package static let maximumCount = 100_000

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
    /// weeks, days, hours, minutes, seconds and nanoseconds no longer than the range of sample dates, or when the
    /// anchor is outside that range (``SampleValidation/dateRange``).
    package init(anchor: Date, components: DateComponents, calendar: Calendar) throws {
        guard SampleValidation.isSampleDate(anchor) else {
            throw HKError.invalidArgument(
                "The anchor date of statistics intervals must lie between years 1 and 4001: \(anchor.timeIntervalSince1970)"
            )
        }
        let unsupported = [
            components.era, components.quarter, components.weekday, components.weekdayOrdinal,
            components.yearForWeekOfYear,
        ]
        guard unsupported.allSatisfy({ ($0 ?? 0) == 0 }) else {
            throw HKError.invalidArgument(
                "Statistics intervals may set only years, months, weeks, days, hours, minutes and seconds: \(components)"
            )
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
        let span = SampleValidation.dateRange.upperBound.timeIntervalSince(SampleValidation.dateRange.lowerBound)
        guard !steps.isEmpty, length <= span else {
            throw HKError.invalidArgument(
                "Statistics intervals must be a positive length of time of at most 4,000 years: \(components)")
        }
        self.anchor = anchor
        self.components = components
        self.calendar = calendar
        self.steps = steps
        approximateLength = length
        indexLimit = Int(min(2 * span / length + 2, Double(Int.max / 2)))
    }

    /// The start of interval `index`; interval 0 starts at the anchor. Each start is computed from the anchor, so
    /// month intervals anchored on the 31st keep returning to the 31st where a month has one.
    package func start(of index: Int) -> Date {
        guard index != 0 else { return anchor }
        let fallback = anchor.addingTimeInterval(Double(index) * approximateLength)
        var scaled = DateComponents()
        for step in steps {
            let (value, overflow) = step.value.multipliedReportingOverflow(by: index)
            if overflow { return fallback }
            scaled.setValue(value, for: step.component)
        }
        return calendar.date(byAdding: scaled, to: anchor) ?? fallback
    }

    /// The index of the interval holding `date` (an interval holds its start, not its end). From an estimate, a
    /// galloping then binary search: a few dozen calendar calls at most, whatever the date; a date beyond the range
    /// of sample dates gets the last index searched.
    package func index(containing date: Date) -> Int {
        let estimate = (date.timeIntervalSince(anchor) / approximateLength).rounded(.down)
        let limit = Double(indexLimit)
        var low = Int(estimate.isNaN ? 0 : max(min(estimate, limit), -limit))
        var high = low + 1
        var step = 1
        if start(of: low) > date {
            high = low
            low = high - step
            while low > -indexLimit && start(of: low) > date {
                high = low
                if step < indexLimit { step *= 2 }
                low = high - min(step, high + indexLimit)
            }
        } else {
            while high < indexLimit && start(of: high) <= date {
                low = high
                if step < indexLimit { step *= 2 }
                high = low + min(step, indexLimit - low)
            }
        }
        // start(of: low) <= date < start(of: high), or an end of the searched range.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if start(of: middle) <= date { low = middle } else { high = middle }
        }
        return low
    }

    /// The interval holding `date`.
    package func interval(containing date: Date) -> DateInterval {
        let index = index(containing: date)
        return DateInterval(start: start(of: index), end: start(of: index + 1))
    }
}
