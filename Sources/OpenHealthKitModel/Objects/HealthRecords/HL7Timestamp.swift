package import Foundation

/// HL7 v3 timestamps (`TS`), as CDA documents write them: `YYYY[MM[DD[HH[MM[SS[.S+]]]]]][+|-ZZZZ]`. A timestamp
/// without a zone is read in UTC; one without a day, month or time starts at the beginning of what it names.
package enum HL7Timestamp {
    /// The date a timestamp names, or nil when it is not one.
    package static func date(_ text: String) -> Date? {
        var digits = Substring(text)
        var offset = 0
        if let sign = digits.firstIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = digits[digits.index(after: sign)...]
            guard zone.count == 4, let value = Int(zone) else { return nil }
            offset = (value / 100 * 3600 + value % 100 * 60) * (digits[sign] == "-" ? -1 : 1)
            digits = digits[..<sign]
        }
        var fraction = 0.0
        if let dot = digits.firstIndex(of: ".") {
            guard let value = Double("0" + digits[dot...]) else { return nil }
            fraction = value
            digits = digits[..<dot]
        }
        guard [4, 6, 8, 10, 12, 14].contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber)
        else { return nil }
        func field(_ start: Int, _ length: Int, default value: Int) -> Int {
            guard digits.count >= start + length else { return value }
            let from = digits.index(digits.startIndex, offsetBy: start)
            return Int(digits[from..<digits.index(from, offsetBy: length)]) ?? value
        }
        var components = DateComponents()
        components.year = field(0, 4, default: 1)
        components.month = field(4, 2, default: 1)
        components.day = field(6, 2, default: 1)
        components.hour = field(8, 2, default: 0)
        components.minute = field(10, 2, default: 0)
        components.second = field(12, 2, default: 0)
        guard (1...12).contains(components.month!), (1...31).contains(components.day!), components.hour! < 24,
            components.minute! < 60, components.second! < 61
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        guard let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(fraction - Double(offset))
    }
}
