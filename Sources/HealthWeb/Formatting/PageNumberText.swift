import Foundation
import OpenHealthKitEngine

/// Numbers with grouping and as many decimals as their size calls for.
enum PageNumberText {
    /// `value` with at most `maximumDecimals` decimals, fewer for larger numbers.
    static func format(_ value: Double, maximumDecimals: Int = 3) -> String {
        guard value.isFinite else { return "–" }
        let magnitude = abs(value)
        let decimals: Int
        if magnitude >= 1000 || value == value.rounded() {
            decimals = 0
        } else if magnitude >= 10 {
            decimals = 1
        } else if magnitude >= 1 {
            decimals = 2
        } else {
            decimals = 3
        }
        let text = value.formatted(
            .number.precision(.fractionLength(0...min(decimals, maximumDecimals))).locale(locale))
        return text == "-0" ? "0" : text
    }

    /// The value of a form field typed by the user (a decimal point or comma).
    static func parse(_ text: String) -> Double? {
        let normalized = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard let value = Double(normalized), value.isFinite else { return nil }
        return value
    }

    /// The locale numbers are written in: healthd's (its environment's). A task-local, so that a test can pin it for
    /// what it runs (`PageNumberText.$locale.withValue(...)`) without changing it for the tests beside it.
    @TaskLocal static var locale = UserLocale.current()
}
