import Foundation
import OpenHealthKitModel

/// Dates as the pages show and read them: in the owner's time zone (chosen on Me, else healthd's), day first,
/// 24-hour clock.
struct PageDateText: Sendable {
    let calendar: Calendar
    /// The formatters made so far, by format: making a `DateFormatter` costs far more than using one, and a page
    /// writes hundreds of dates. A page's dates are written one at a time (the lock only keeps that true).
    private let formatters = Locked<[String: DateFormatter]>([:])

    init(timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        // Weeks start on Monday (ISO 8601).
        calendar.firstWeekday = 2
        self.calendar = calendar
    }

    /// `body` with the formatter of `format`, under the lock (a formatter is not for two threads at once).
    private func with<T>(_ format: String, _ body: (DateFormatter) -> T) -> T {
        formatters.withLock { formatters in
            if let formatter = formatters[format] { return body(formatter) }
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = format
            formatters[format] = formatter
            return body(formatter)
        }
    }

    private func string(_ format: String, _ date: Date) -> String { with(format) { $0.string(from: date) } }
    private func date(_ format: String, _ text: String) -> Date? { with(format) { $0.date(from: text) } }

    /// `21 Nov 2026, 14:05`.
    func dateTime(_ date: Date) -> String { string("d MMM yyyy, HH:mm", date) }
    /// `21 Nov 2026, 14:05:09`.
    func preciseDateTime(_ date: Date) -> String { string("d MMM yyyy, HH:mm:ss", date) }
    /// `21 Nov 2026`.
    func day(_ date: Date) -> String { string("d MMM yyyy", date) }
    /// `14:05`.
    func time(_ date: Date) -> String { string("HH:mm", date) }
    /// A sample's dates: one instant, or start – end (the end's day only when it differs).
    func span(_ start: Date, _ end: Date) -> String {
        if start == end { return dateTime(start) }
        if calendar.isDate(start, inSameDayAs: end) { return dateTime(start) + " – " + time(end) }
        return dateTime(start) + " – " + dateTime(end)
    }

    /// `2026-11-21`: the `date` parameter of a chart.
    func isoDay(_ date: Date) -> String { string("yyyy-MM-dd", date) }
    func parseISODay(_ text: String) -> Date? { date("yyyy-MM-dd", text) }

    /// `2026-11-21T14:05`: an `<input type="datetime-local">`.
    func inputValue(_ date: Date) -> String { string("yyyy-MM-dd'T'HH:mm", date) }
    func parseInput(_ text: String) -> Date? {
        date("yyyy-MM-dd'T'HH:mm", text) ?? date("yyyy-MM-dd'T'HH:mm:ss", text)
    }

    func formatted(_ date: Date, _ format: String) -> String { string(format, date) }
}
