import Foundation
import OpenHealthKitModel

/// Sleep as Health shows it: by night, not by sample. A night belongs to the day it ends on: it holds the sleep
/// samples that start from 18:00 the evening before until 18:00 that day, so a night spanning midnight is one night
/// (and an afternoon nap belongs to that day's). Per night: the time in bed (the in-bed samples, overlaps counted
/// once), the time asleep (every asleep stage, overlaps counted once, whichever source recorded it) and each
/// stage's time.
struct SleepNight: Sendable {
    enum Stage: Int, CaseIterable, Sendable {
        case inBed = 0, asleepUnspecified = 1, awake = 2, core = 3, deep = 4, rem = 5

        var name: String {
            switch self {
            case .inBed: "In Bed"
            case .asleepUnspecified: "Asleep"
            case .awake: "Awake"
            case .core: "Core"
            case .deep: "Deep"
            case .rem: "REM"
            }
        }

        var isAsleep: Bool { self != .inBed && self != .awake }
    }

    /// The day the night ends on (its start, midnight).
    let day: Date
    /// Each stage's time, overlaps merged.
    let segments: [Stage: [DateInterval]]

    var inBed: TimeInterval? {
        segments[.inBed].map(Self.length)
    }

    var asleep: TimeInterval? {
        let asleep = segments.filter { $0.key.isAsleep }.flatMap(\.value)
        return asleep.isEmpty ? nil : Self.length(Self.merged(asleep))
    }

    /// The night from its first sample's start to its last one's end.
    var span: DateInterval? {
        let all = segments.values.flatMap { $0 }
        guard let start = all.map(\.start).min(), let end = all.map(\.end).max() else { return nil }
        return DateInterval(start: start, end: end)
    }

    func time(in stage: Stage) -> TimeInterval? {
        segments[stage].map(Self.length)
    }

    /// The nights of `samples` (sleep analysis samples), by the day they end on.
    static func nights(of samples: [HKSample], calendar: Calendar) -> [Date: SleepNight] {
        var byNight: [Date: [Stage: [DateInterval]]] = [:]
        for case let sample as HKCategorySample in samples {
            guard let stage = Stage(rawValue: sample.value), sample.endDate > sample.startDate else { continue }
            let day = night(of: sample.startDate, calendar: calendar)
            byNight[day, default: [:]][stage, default: []].append(
                DateInterval(start: sample.startDate, end: sample.endDate))
        }
        return byNight.reduce(into: [:]) { nights, entry in
            nights[entry.key] = SleepNight(day: entry.key, segments: entry.value.mapValues(merged))
        }
    }

    /// The day of the night a sample starting at `date` belongs to.
    static func night(of date: Date, calendar: Calendar) -> Date {
        calendar.startOfDay(for: calendar.date(byAdding: .hour, value: 6, to: date) ?? date)
    }

    /// When the nights of the days from `start` (midnight) to `end` (midnight, excluded) begin and end: 18:00 the
    /// evening before each.
    static func span(from start: Date, to end: Date, calendar: Calendar) -> DateInterval {
        func evening(before day: Date) -> Date {
            let previous = calendar.date(byAdding: .day, value: -1, to: day) ?? day
            return calendar.date(bySettingHour: 18, minute: 0, second: 0, of: previous) ?? day
        }
        return DateInterval(start: evening(before: start), end: evening(before: end))
    }

    /// Intervals merged where they overlap or touch, in order.
    static func merged(_ intervals: [DateInterval]) -> [DateInterval] {
        var result: [DateInterval] = []
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, interval.start <= last.end {
                result[result.count - 1] = DateInterval(start: last.start, end: max(last.end, interval.end))
            } else {
                result.append(interval)
            }
        }
        return result
    }

    private static func length(_ intervals: [DateInterval]) -> TimeInterval {
        intervals.reduce(0) { $0 + $1.duration }
    }

    /// `7 h 12 min`, `45 min`.
    static func duration(_ seconds: TimeInterval) -> String {
        ChartData.minutes(seconds / 60)
    }
}
