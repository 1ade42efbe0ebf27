public import Foundation

/// The range a hearing sensitivity was clamped to (for safety, or by the hardware's or the test's limits): at least
/// one bound, in dBHL.
public final class HKAudiogramSensitivityPointClampingRange: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The lower bound in dBHL, if any.
    public let lowerBound: HKQuantity?
    /// The upper bound in dBHL, if any.
    public let upperBound: HKQuantity?

    package init(lower: Double?, upper: Double?) {
        lowerBound = lower.map { HKQuantity(unit: .decibelHearingLevel(), doubleValue: $0) }
        upperBound = upper.map { HKQuantity(unit: .decibelHearingLevel(), doubleValue: $0) }
        super.init()
    }

    /// A range from `lowerBound` to `upperBound` (dBHL); at least one is needed and, with both, the lower one must be
    /// less than the upper one (``HKError`` `errorInvalidArgument` otherwise).
    public convenience init(lowerBound: NSNumber?, upperBound: NSNumber?) throws {
        let lower = lowerBound?.doubleValue, upper = upperBound?.doubleValue
        try AudiogramValidation.validateClampingRange(lower: lower, upper: upper)
        self.init(lower: lower, upper: upper)
    }

    /// The bounds in dBHL.
    package var lower: Double? { lowerBound.map { $0.doubleValue(for: .decibelHearingLevel()) } }
    package var upper: Double? { upperBound.map { $0.doubleValue(for: .decibelHearingLevel()) } }

    /// Ranges are equal when their bounds are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKAudiogramSensitivityPointClampingRange else { return false }
        return other.lower == lower && other.upper == upper
    }

    /// The hash of the bounds.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(lower)
        hasher.combine(upper)
        return hasher.finalize()
    }

    /// The bounds, for debugging.
    public override var description: String {
        "[\(lower.map { "\($0)" } ?? "…"), \(upper.map { "\($0)" } ?? "…")] dBHL"
    }

    // MARK: NSSecureCoding

    /// Ranges can be decoded securely.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the bounds (dBHL).
    public func encode(with coder: NSCoder) {
        if let lower { coder.encode(lower, forKey: "lowerBound") }
        if let upper { coder.encode(upper, forKey: "upperBound") }
    }

    /// Decodes a range ``encode(with:)`` wrote; nil when the bounds are not a valid range.
    public required convenience init?(coder: NSCoder) {
        let lower = coder.containsValue(forKey: "lowerBound") ? coder.decodeDouble(forKey: "lowerBound") : nil
        let upper = coder.containsValue(forKey: "upperBound") ? coder.decodeDouble(forKey: "upperBound") : nil
        guard (try? AudiogramValidation.validateClampingRange(lower: lower, upper: upper)) != nil else { return nil }
        self.init(lower: lower, upper: upper)
    }

    /// Ranges are immutable: the copy is the range itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
