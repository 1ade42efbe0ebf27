import Foundation

/// Dates as exports write them, from seconds since 1970 and the UTC offset to show them in, without Foundation's
/// formatters (an export writes millions).
package enum DateText {
    /// Apple's export format, `2016-04-08 10:08:00 +0100`. A time with a fraction of a second gets the fewest digits
    /// (3, 6, 9...) that read back as exactly `seconds` through the importer's parser, so that an export imported
    /// again stores the same instant.
    package static func export(_ seconds: Double, offset: Int) -> String {
        let (whole, fraction) = split(seconds, offset: offset)
        let base = civil(whole, dateTimeSeparator: " ")
        let zone = " " + offsetText(offset, colon: false)
        guard fraction != 0 else { return base + zone }
        var best: String?
        for digits in [3, 6, 9, 12, 15] {
            guard let fractionText = self.fraction(fraction, digits: digits) else { continue }
            let text = base + fractionText + zone
            if best == nil, digits == 9 { best = text }
            var copy = text
            if copy.withUTF8({ ExportDateParser.date($0)?.seconds }) == seconds { return text }
        }
        return best ?? base + zone
    }

    /// ISO 8601 with the offset, `2016-04-08T10:08:00+01:00`, with milliseconds only when the time has a fraction.
    static func iso(_ seconds: Double, offset: Int) -> String {
        let milliseconds = ((seconds + Double(offset)) * 1000).rounded()
        let whole = Int64((milliseconds / 1000).rounded(.down))
        let remainder = Int(milliseconds - Double(whole) * 1000)
        var text = civil(whole, dateTimeSeparator: "T")
        if remainder != 0 { text += String(format: ".%03d", remainder) }
        return text + offsetText(offset, colon: true)
    }

    /// A calendar day, `yyyy-MM-dd`, of the local time at `seconds`.
    static func day(_ seconds: Double, offset: Int) -> String {
        String(civil(split(seconds, offset: offset).whole, dateTimeSeparator: " ").prefix(10))
    }

    /// The local time's whole seconds since 1970 and its fraction.
    private static func split(_ seconds: Double, offset: Int) -> (whole: Int64, fraction: Double) {
        let local = seconds + Double(offset)
        let whole = local.rounded(.down)
        return (Int64(whole), local - whole)
    }

    /// `.123` for a fraction, or nil when rounding to `digits` reaches a whole second.
    private static func fraction(_ fraction: Double, digits: Int) -> String? {
        let text = String(format: "%.\(digits)f", fraction)
        guard text.hasPrefix("0.") else { return nil }
        var trimmed = Substring(text.dropFirst(1))
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        return trimmed == "." ? nil : String(trimmed)
    }

    /// `yyyy-MM-dd HH:mm:ss` of whole local seconds since 1970 (proleptic Gregorian; Howard Hinnant's
    /// `civil_from_days`).
    private static func civil(_ local: Int64, dateTimeSeparator: Character) -> String {
        var days = local / 86_400
        var secondOfDay = local % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var text = ""
        text.reserveCapacity(32)
        append(year, width: 4, to: &text)
        text += "-"
        append(month, width: 2, to: &text)
        text += "-"
        append(day, width: 2, to: &text)
        text.append(dateTimeSeparator)
        append(secondOfDay / 3_600, width: 2, to: &text)
        text += ":"
        append(secondOfDay % 3_600 / 60, width: 2, to: &text)
        text += ":"
        append(secondOfDay % 60, width: 2, to: &text)
        return text
    }

    /// A non-negative number with leading zeros.
    private static func append(_ number: Int64, width: Int, to text: inout String) {
        let digits = String(number)
        if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
        text += digits
    }

    /// `+0100` or `+01:00`.
    private static func offsetText(_ offset: Int, colon: Bool) -> String {
        let minutes = Int64(abs(offset) / 60)
        var text = offset < 0 ? "-" : "+"
        append(minutes / 60, width: 2, to: &text)
        if colon { text += ":" }
        append(minutes % 60, width: 2, to: &text)
        return text
    }
}
