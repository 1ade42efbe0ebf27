/// A date as Health exports write it: an instant and the UTC offset it was written in.
package struct ExportDate: Equatable {
    /// Seconds since 1970.
    package var seconds: Double
    /// The offset of the local time written, in seconds east of UTC.
    package var utcOffset: Int

    /// The local time of day it was written with, in seconds since midnight.
    var localSecondsOfDay: Double {
        let local = seconds + Double(utcOffset)
        return local - (local / 86_400).rounded(.down) * 86_400
    }
}

/// Reads export dates from bytes, without Foundation's formatters (an import reads millions of them).
///
/// Accepted: `2016-04-08 10:08:00 +0100` (every export since iOS 9), the same with `T`, fractional seconds, a `+01:00`
/// or `Z` offset, or without the space before the offset, and iOS 8's compact `20150616071916-0700`. A date without
/// an offset is refused: its instant is unknown.
package enum ExportDateParser {
    package static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> ExportDate? {
        var scanner = ByteScanner(bytes)
        scanner.skipSpaces()
        guard let year = scanner.digits(4) else { return nil }
        let dashed = scanner.skip("-")
        guard let month = scanner.digits(2), !dashed || scanner.skip("-"), let day = scanner.digits(2) else {
            return nil
        }
        if !scanner.skip(" ") { _ = scanner.skip("T") }
        guard let hour = scanner.digits(2) else { return nil }
        let colons = scanner.skip(":")
        guard let minute = scanner.digits(2) else { return nil }
        if colons { guard scanner.skip(":") else { return nil } }
        guard let second = scanner.digits(2) else { return nil }
        let fraction = scanner.fraction()
        scanner.skipSpaces()
        guard let offset = scanner.utcOffset() else { return nil }
        scanner.skipSpaces()
        guard scanner.isAtEnd, isDay(year: year, month: month, day: day), hour < 24, minute < 60, second < 61 else {
            return nil
        }
        let days = daysSince1970(year: year, month: month, day: day)
        let local = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
        return ExportDate(seconds: local - Double(offset), utcOffset: offset)
    }

    /// A calendar day `yyyy-MM-dd` (an activity summary's `dateComponents`), as its parts.
    static func day(_ bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
        var scanner = ByteScanner(bytes)
        scanner.skipSpaces()
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2)
        else { return nil }
        scanner.skipSpaces()
        guard scanner.isAtEnd, isDay(year: year, month: month, day: day) else { return nil }
        return (year, month, day)
    }

    /// Whether the day exists in the (proleptic Gregorian) calendar.
    static func isDay(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        switch month {
        case 2: return day <= (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28)
        case 4, 6, 9, 11: return day <= 30
        default: return day <= 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A cursor over ASCII bytes.
struct ByteScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while current == 0x20 || current == 0x09 { index += 1 }
    }

    mutating func digit() -> Int? {
        guard let byte = current, (0x30...0x39).contains(byte) else { return nil }
        index += 1
        return Int(byte - 0x30)
    }

    /// A decimal fraction after a point or a comma (locales write either), as a number below 1; 0 without one.
    mutating func fraction() -> Double {
        guard skip(".") || skip(",") else { return 0 }
        var fraction = 0.0
        var scale = 0.1
        while let digit = digit() {
            fraction += Double(digit) * scale
            scale /= 10
        }
        return fraction
    }

    /// Exactly `count` digits.
    mutating func digits(_ count: Int) -> Int? {
        let start = index
        var value = 0
        for _ in 0..<count {
            guard let digit = digit() else {
                index = start
                return nil
            }
            value = value * 10 + digit
        }
        return value
    }

    /// `Z`, `UTC`, `GMT`, or `±hh[:]mm` (also after `UTC`/`GMT`), in seconds east of UTC.
    mutating func utcOffset() -> Int? {
        if skip("Z") { return 0 }
        let named = skip(word: "UTC") || skip(word: "GMT")
        let sign: Int
        if skip("+") {
            sign = 1
        } else if skip("-") {
            sign = -1
        } else {
            return named ? 0 : nil
        }
        guard let hours = digits(2) else { return nil }
        _ = skip(":")
        let minutes = digits(2) ?? 0
        guard hours <= 18, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }

    mutating func skip(word: String) -> Bool {
        let start = index
        for byte in word.utf8 {
            guard current == byte else {
                index = start
                return false
            }
            index += 1
        }
        return true
    }
}
