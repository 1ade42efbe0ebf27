import Foundation

/// The UTC offsets of a time zone at the instants records are written for, looked up once per stretch between clock
/// changes: records come by date, so most instants fall in the stretch last looked up.
final class ZoneOffsets {
    let timeZone: TimeZone
    /// The offset last looked up, and the instants it holds for.
    private var interval: (from: Double, until: Double, offset: Int)?

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The UTC offset, in seconds, at an instant (seconds since 1970).
    func offset(_ seconds: Double) -> Int {
        if let interval, seconds >= interval.from, seconds < interval.until { return interval.offset }
        let date = Date(timeIntervalSince1970: seconds)
        let offset = timeZone.secondsFromGMT(for: date)
        // Until the zone's next clock change (a day at most, so that a change the zone does not report is still met).
        let next = timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
        interval = (seconds, min(next, seconds + 86_400), offset)
        return offset
    }

    /// An instant in ISO 8601 with the zone's offset at it (see ``DateText/iso(_:offset:)``).
    func iso(_ seconds: Double) -> String {
        DateText.iso(seconds, offset: offset(seconds))
    }
}
