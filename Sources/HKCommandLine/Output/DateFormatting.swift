import Foundation

extension Date {
    /// The date as `hk` prints it: ISO 8601 with the offset `timeZone` has at that instant,
    /// `2024-11-03T01:30:00-07:00`, with milliseconds (`...:00.250-07:00`) only when the time has a fraction of a second.
    func formattedForOutput(in timeZone: TimeZone) -> String {
        let milliseconds = (timeIntervalSinceReferenceDate * 1000).rounded()
        let instant = Date(timeIntervalSinceReferenceDate: milliseconds / 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        var text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d",
            parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0
        )
        let fraction = Int(milliseconds.truncatingRemainder(dividingBy: 1000) + 1000) % 1000
        if fraction != 0 { text += String(format: ".%03d", fraction) }
        let offset = timeZone.secondsFromGMT(for: instant) / 60
        return text + (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 60, abs(offset) % 60)
    }
}
