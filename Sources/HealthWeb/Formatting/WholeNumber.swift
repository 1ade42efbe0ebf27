import Foundation

/// Whole numbers from the doubles a page computes. Those come from stored data, which may hold anything finite
/// (rows stored before values were bounded, or a pace over a distance of 1e-300 m): converting one with `Int(_:)`
/// traps outside `Int`'s range and would stop healthd on every visit of the page, so pages convert here.
enum WholeNumber {
    /// `value` rounded to the nearest whole number and clamped to `Int`'s range; NaN is 0.
    static func rounded(_ value: Double) -> Int {
        clamped(value.rounded())
    }

    /// `value` rounded toward zero and clamped to `Int`'s range; NaN is 0.
    static func clamped(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        if value >= Double(Int.max) { return .max }
        if value <= Double(Int.min) { return .min }
        return Int(value)
    }

    /// A whole `value` as digits (`12`, `-3`, never `-0`), however large: `1e308` is its 309 digits, not a trap.
    static func text(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(format: "%.0f", value)
    }
}
