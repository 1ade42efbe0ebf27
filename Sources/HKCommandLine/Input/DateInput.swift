package import Foundation
import OpenHealthKit

extension CommandLineInput {
    /// A date as `hk` takes it (ISO 8601): a calendar date, `2024-11-03`, meaning the start of that day in `timeZone`
    /// (midnight, or the first moment after it where a clock change skips midnight), or a date-time with an offset,
    /// `2024-11-03T01:30:00-07:00`, `2024-11-03T08:30:00Z` (seconds and fractions optional; offsets `±HH:MM`, `±HHMM`
    /// or `±HH`). A date-time without an offset is refused: it is ambiguous when clocks change.
    package static func date(_ text: String, timeZone: TimeZone) throws -> Date {
        guard let date = ISO8601Input(text)?.date(defaultTimeZone: timeZone) else {
            throw HKError.invalidArgument(
                "invalid date '\(text)': use an ISO 8601 date (2024-11-03) or a date-time with an offset "
                    + "(2024-11-03T01:30:00-07:00 or 2024-11-03T08:30:00Z)"
            )
        }
        return date
    }
}

/// The fields of an ISO 8601 date or date-time-with-offset string, read strictly.
private struct ISO8601Input {
    var year = 0, month = 0, day = 0
    /// Hour, minute, second and offset, or nil for a bare date.
    var time: (hour: Int, minute: Int, second: Double, offsetSeconds: Int)?

    init?(_ text: String) {
        var scanner = DigitScanner(text)
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        if scanner.isAtEnd { return }
        guard scanner.skip("T") || scanner.skip("t"), let hour = scanner.digits(2), scanner.skip(":"),
            let minute = scanner.digits(2)
        else { return nil }
        var second = 0.0
        if scanner.skip(":") {
            guard let whole = scanner.digits(2) else { return nil }
            second = Double(whole)
            if scanner.skip(".") || scanner.skip(",") {
                guard let fraction = scanner.fraction() else { return nil }
                second += fraction
            }
        }
        guard let offset = scanner.offset(), scanner.isAtEnd, hour < 24, minute < 60, second < 60 else { return nil }
        time = (hour, minute, second, offset)
    }

    func date(defaultTimeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        var components = DateComponents(year: year, month: month, day: day)
        guard let time else {
            calendar.timeZone = defaultTimeZone
            components.hour = 12  // noon exists every day; the day's start is then found from it
            guard components.isValidDate(in: calendar), let noon = calendar.date(from: components) else { return nil }
            return calendar.startOfDay(for: noon)
        }
        guard let zone = TimeZone(secondsFromGMT: time.offsetSeconds) else { return nil }
        calendar.timeZone = zone
        (components.hour, components.minute, components.second) = (time.hour, time.minute, 0)
        guard components.isValidDate(in: calendar), let minute = calendar.date(from: components) else { return nil }
        return minute.addingTimeInterval(time.second)
    }
}

/// Reads ASCII digits and punctuation from the front of a string.
private struct DigitScanner {
    private var rest: Substring

    init(_ text: String) { rest = Substring(text) }

    var isAtEnd: Bool { rest.isEmpty }

    mutating func skip(_ character: Character) -> Bool {
        guard rest.first == character else { return false }
        rest.removeFirst()
        return true
    }

    /// Exactly `count` digits as a number.
    mutating func digits(_ count: Int) -> Int? {
        let prefix = rest.prefix(count)
        guard prefix.count == count, prefix.allSatisfy(\.isASCIIDigit) else { return nil }
        rest.removeFirst(count)
        return Int(prefix)
    }

    /// One or more digits read as a decimal fraction (`5` is 0.5).
    mutating func fraction() -> Double? {
        let digits = rest.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty else { return nil }
        rest.removeFirst(digits.count)
        return Double("0." + digits)
    }

    /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, in seconds east of UTC.
    mutating func offset() -> Int? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = digits(2), hours <= 23 else { return nil }
        var minutes = 0
        if !rest.isEmpty {
            _ = skip(":")
            guard let value = digits(2), value < 60 else { return nil }
            minutes = value
        }
        return sign * (hours * 3600 + minutes * 60)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
