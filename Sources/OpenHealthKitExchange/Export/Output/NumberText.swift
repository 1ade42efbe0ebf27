import Foundation

/// Numbers as exports write them: with a point whatever the locale, and integers without a fraction (`72`, not `72.0`).
enum NumberText {
    /// The shortest text that reads back as exactly `value` (`72`, `0.96`, `1e-05`).
    static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `value` with at most `digits` significant digits, trailing zeros dropped (`%.15g`): 72.00000000000001 is `72`.
    static func significant(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)g", value)
    }

    /// The texts worth trying for a value converted from another unit, shortest first: a conversion there and back
    /// leaves a last-digit error that 15 or 16 significant digits remove.
    static func candidates(_ value: Double) -> [String] {
        var texts: [String] = []
        for text in [significant(value, digits: 15), significant(value, digits: 16), shortest(value)]
        where !texts.contains(text) {
            texts.append(text)
        }
        return texts
    }

    /// A number for people and their tools: a conversion's last-digit error dropped (15 significant digits), no
    /// exponent (`72`, not `72.00000000000001`; `0.000013`, not `1.3e-05`).
    static func readable(_ value: Double) -> String {
        decimal(Double(significant(value, digits: 15)) ?? value)
    }

    /// A decimal without an exponent, for JSON and CSV readers that want plain numbers: the shortest exact text when
    /// it has no exponent, else the value in fixed notation.
    static func decimal(_ value: Double) -> String {
        let text = shortest(value)
        guard text.contains("e") else { return text }
        var fixed = String(format: "%.20f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }
}
