import Foundation

/// Dates as the pages show and read them: in healthd's time zone (the owner's machine), day first, 24-hour clock.
struct PageDateText: Sendable {
    let calendar: Calendar

    init(timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        // Weeks start on Monday (ISO 8601).
        calendar.firstWeekday = 2
        self.calendar = calendar
    }

    private func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter
    }

    /// `21 Nov 2026, 14:05`.
    func dateTime(_ date: Date) -> String { formatter("d MMM yyyy, HH:mm").string(from: date) }
    /// `21 Nov 2026, 14:05:09`.
    func preciseDateTime(_ date: Date) -> String { formatter("d MMM yyyy, HH:mm:ss").string(from: date) }
    /// `21 Nov 2026`.
    func day(_ date: Date) -> String { formatter("d MMM yyyy").string(from: date) }
    /// `14:05`.
    func time(_ date: Date) -> String { formatter("HH:mm").string(from: date) }
    /// A sample's dates: one instant, or start – end (the end's day only when it differs).
    func span(_ start: Date, _ end: Date) -> String {
        if start == end { return dateTime(start) }
        if calendar.isDate(start, inSameDayAs: end) { return dateTime(start) + " – " + time(end) }
        return dateTime(start) + " – " + dateTime(end)
    }

    /// `2026-11-21`: the `date` parameter of a chart.
    func isoDay(_ date: Date) -> String { formatter("yyyy-MM-dd").string(from: date) }
    func parseISODay(_ text: String) -> Date? { formatter("yyyy-MM-dd").date(from: text) }

    /// `2026-11-21T14:05`: an `<input type="datetime-local">`.
    func inputValue(_ date: Date) -> String { formatter("yyyy-MM-dd'T'HH:mm").string(from: date) }
    func parseInput(_ text: String) -> Date? {
        formatter("yyyy-MM-dd'T'HH:mm").date(from: text) ?? formatter("yyyy-MM-dd'T'HH:mm:ss").date(from: text)
    }

    func formatted(_ date: Date, _ format: String) -> String { formatter(format).string(from: date) }
}
