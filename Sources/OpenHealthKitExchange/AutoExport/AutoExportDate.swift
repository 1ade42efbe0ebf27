import Foundation

/// Health Auto Export's dates: `yyyy-MM-dd HH:mm:ss Z` (`2024-03-05 07:41:09 +0100`), and the day alone
/// (`yyyy-MM-dd`, midnight in UTC: the app names the night's day with it) where a record counts a day.
///
/// Read by hand, not by `DateFormatter`: a push holds a date per record, and a formatter costs microseconds each.
struct AutoExportDate: Equatable {
    /// Seconds since 1970.
    let seconds: Double
    /// The offset from UTC the date was written with, in seconds; nil for a day alone.
    let offset: Int?

    var date: Date { Date(timeIntervalSince1970: seconds) }

    init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Self.parse($0) }) else { return nil }
        self = parsed
    }

    private init(seconds: Double, offset: Int?) {
        self.seconds = seconds
        self.offset = offset
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> AutoExportDate? {
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), (1...12).contains(month), expect("-"),
            let day = number(2), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        if index == bytes.count { return AutoExportDate(seconds: Double(days * 86_400), offset: nil) }
        guard expect(" "), let hour = number(2), hour < 24, expect(":"), let minute = number(2), minute < 60,
            expect(":"), let second = number(2), second < 60, expect(" "), index < bytes.count
        else { return nil }
        let sign = bytes[index]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        index += 1
        guard let offsetHours = number(2), offsetHours <= 14 else { return nil }
        _ = expect(":")
        guard let offsetMinutes = number(2), offsetMinutes < 60, index == bytes.count else { return nil }
        let offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        return AutoExportDate(seconds: Double(local - offset), offset: offset)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's days-from-civil).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
