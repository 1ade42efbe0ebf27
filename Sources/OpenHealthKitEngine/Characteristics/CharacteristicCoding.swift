package import Foundation
import OpenHealthKitModel

/// How characteristics are stored: enumerations as their raw value, the date of birth as `yyyy-MM-dd`
/// (Gregorian calendar components, no time zone: a birthday is a calendar date).
package enum CharacteristicCoding {
    package static func dateOfBirth(from stored: String) throws -> DateComponents {
        let parts = stored.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { throw HKError.invalidArgument("Invalid stored date of birth \(stored)") }
        return DateComponents(
            calendar: Calendar(identifier: .gregorian), year: parts[0], month: parts[1], day: parts[2])
    }

    /// Parses and checks a date of birth given as `yyyy-MM-dd`.
    package static func storedDateOfBirth(_ text: String) throws -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
            (1...12).contains(month), (1...31).contains(day), year > 1800,
            let date = Calendar(identifier: .gregorian).date(from: DateComponents(year: year, month: month, day: day)),
            Calendar(identifier: .gregorian).component(.day, from: date) == day, date <= Date()
        else {
            throw HKError.invalidArgument(
                "\(text) is not a valid date of birth (expected yyyy-MM-dd, not in the future)")
        }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
