import Foundation
import OpenHealthKitEngine

/// One value of a `date` search parameter: a comparison prefix and the range of instants its date stands for
/// (FHIR R4, Search: "date", and "prefix").
///
/// A date names the whole of its precision: `2024` is that year, `2024-03-01` that day, `2024-03-01T10:00:00Z` that
/// second. Dates without a time are read in UTC; a date with a time must carry its zone (`Z` or `+01:00`), as FHIR's
/// `dateTime` requires. Against an Observation's effective period `[start, end]`:
/// - `eq` (or no prefix): the period lies within the range;
/// - `ge`: the period reaches the range or after it (`end ≥ range start`); `gt`: after it (`end ≥ range end`);
/// - `le`: the period begins in the range or before it (`start < range end`); `lt`: before it (`start < range start`).
struct FHIRDateParameter: Equatable {
    enum Comparison: String, CaseIterable {
        case eq, ge, gt, le, lt
    }

    let comparison: Comparison
    /// Seconds since 1970: the range's first instant, and the first instant after it.
    let start: Double
    let end: Double

    init(_ text: String) throws(FHIRError) {
        var value = Substring(text)
        var comparison = Comparison.eq
        if let prefix = Comparison.allCases.first(where: { value.hasPrefix($0.rawValue) }) {
            comparison = prefix
            value = value.dropFirst(2)
        } else if value.first?.isLetter == true {
            throw .notSupported(
                "The date prefix of \(text) is not supported: use eq, ge, gt, le or lt (or none, for eq)")
        }
        guard let range = Self.range(of: String(value)) else {
            throw .invalid(
                "\(text) is not a FHIR date: YYYY, YYYY-MM, YYYY-MM-DD, or a date and time with its zone "
                    + "(2024-03-01T10:00:00Z)")
        }
        self.comparison = comparison
        (start, end) = range
    }

    /// The sample rows this value selects.
    var condition: RowCondition {
        switch comparison {
        case .eq: .dateRange(start: start, end: end, mode: .strictStartAndEnd)
        case .ge: .dateRange(start: start, end: nil, mode: .strictEnd)
        case .gt: .dateRange(start: end, end: nil, mode: .strictEnd)
        case .le: .dateRange(start: nil, end: end, mode: .strictStart)
        case .lt: .dateRange(start: nil, end: start, mode: .strictStart)
        }
    }

    /// Years FHIR's dates allow, as HealthKit's dates (years 1 to 4001) reach.
    private static let years = 1...4000

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The range `[start, end)` a date stands for, nil when it is not a FHIR date.
    private static func range(of text: String) -> (Double, Double)? {
        let pattern =
            #"^([0-9]{4})(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01])"#
            + #"(T([01][0-9]|2[0-3]):([0-5][0-9])(:([0-5][0-9])(\.[0-9]{1,9})?)?(Z|[+-]((0[0-9]|1[0-3]):[0-5][0-9]|14:00)))?)?)?$"#
        guard let match = text.wholeMatch(of: try! Regex(pattern)) else { return nil }
        func part(_ index: Int) -> String? { match.output[index].substring.map(String.init) }
        guard let year = part(1).flatMap(Int.init), years.contains(year) else { return nil }
        var components = DateComponents(year: year, month: part(3).flatMap(Int.init) ?? 1, day: 1)
        let unit: Calendar.Component
        if let day = part(5).flatMap(Int.init) {
            components.day = day
            unit = .day
        } else {
            unit = part(3) == nil ? .year : .month
        }
        guard let hour = part(7).flatMap(Int.init), let minute = part(8).flatMap(Int.init), let zone = part(12)
        else {
            guard let start = calendar.date(from: components), calendar.component(.day, from: start) == components.day,
                let end = calendar.date(byAdding: unit, value: 1, to: start)
            else { return nil }
            return (start.timeIntervalSince1970, end.timeIntervalSince1970)
        }
        components.hour = hour
        components.minute = minute
        components.second = part(10).flatMap(Int.init) ?? 0
        guard let day = calendar.date(from: components), calendar.component(.day, from: day) == components.day
        else { return nil }
        var offset = 0
        if zone != "Z" {
            let sign = zone.hasPrefix("-") ? -1 : 1
            let fields = zone.dropFirst().split(separator: ":").compactMap { Int($0) }
            offset = sign * (fields[0] * 3600 + fields[1] * 60)
        }
        let fraction = part(11).flatMap(Double.init) ?? 0
        let start = day.timeIntervalSince1970 - Double(offset) + fraction
        // To the precision given: the minute, the second, or the last digit of the fraction.
        let length: Double
        if let digits = part(11) {
            length = pow(10, -Double(digits.count - 1))
        } else {
            length = part(10) == nil ? 60 : 1
        }
        return (start, start + length)
    }
}
