package import Foundation

/// The day of an activity summary as the store keys it: the Gregorian `yyyy-MM-dd` of the day the user lived
/// (the export's `dateComponents`), whatever the calendar and time zone of the date components that name it.
package enum ActivitySummaryDay {
    /// The key of the day `components` name: their year, month and day (and era, if given) in their calendar, or in
    /// the Gregorian calendar when they have none. Out-of-range values roll over as `Calendar.date(from:)` does
    /// (day 32 of January is February 1).
    package static func key(from components: DateComponents) throws(HKError) -> String {
        guard let year = components.year, let month = components.month, let day = components.day else {
            throw HKError.invalidArgument(
                "activity summary date components need a year, a month and a day: \(components)")
        }
        let calendar = components.calendar ?? Calendar(identifier: .gregorian)
        // Noon: the day's middle, away from any daylight-saving jump at midnight.
        let noon = DateComponents(era: components.era, year: year, month: month, day: day, hour: 12)
        guard let date = calendar.date(from: noon) else {
            throw HKError.invalidArgument("\(components) does not name a day in the \(calendar.identifier) calendar")
        }
        let gregorian = gregorianCalendar(in: calendar.timeZone)
        let parts = gregorian.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The era, year, month and day of the day keyed `key` in `calendar` (empty components if the key is malformed).
    package static func components(ofKey key: String, in calendar: Calendar) -> DateComponents {
        var components = DateComponents()
        components.calendar = calendar
        let parts = key.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3,
            let noon = gregorianCalendar(in: calendar.timeZone).date(
                from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))
        else { return components }
        let day = calendar.dateComponents([.era, .year, .month, .day], from: noon)
        components.era = day.era
        components.year = day.year
        components.month = day.month
        components.day = day.day
        return components
    }

    private static func gregorianCalendar(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
