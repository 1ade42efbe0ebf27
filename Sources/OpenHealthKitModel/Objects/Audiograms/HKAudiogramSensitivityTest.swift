public import Foundation

/// One ear's result at one frequency of a hearing test: its sensitivity in dBHL, how the sound was conducted,
/// whether the other ear was masked, and the range the sensitivity was clamped to, if any.
public final class HKAudiogramSensitivityTest: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The sensitivity in dBHL from a baseline of 0 dB: reduced hearing is above 0.
    public let sensitivity: HKQuantity
    /// How the sound was conducted.
    public let type: HKAudiogramConductionType
    /// Whether the test was done with masking.
    public let masked: Bool
    /// The ear tested.
    public let side: HKAudiogramSensitivityTestSide
    /// The range the sensitivity was clamped to, if any.
    public let clampingRange: HKAudiogramSensitivityPointClampingRange?

    package init(
        decibels: Double, type: HKAudiogramConductionType, masked: Bool, side: HKAudiogramSensitivityTestSide,
        clampingRange: HKAudiogramSensitivityPointClampingRange?
    ) {
        sensitivity = HKQuantity(unit: .decibelHearingLevel(), doubleValue: decibels)
        self.type = type
        self.masked = masked
        self.side = side
        self.clampingRange = clampingRange
        super.init()
    }

    /// A test result; a sensitivity not in a hearing level unit (dBHL) or out of range is ``HKError``
    /// `errorInvalidArgument`.
    public convenience init(
        sensitivity: HKQuantity, type: HKAudiogramConductionType, masked: Bool, side: HKAudiogramSensitivityTestSide,
        clampingRange: HKAudiogramSensitivityPointClampingRange?
    ) throws {
        let decibels = try AudiogramValidation.sensitivity(sensitivity)
        self.init(decibels: decibels, type: type, masked: masked, side: side, clampingRange: clampingRange)
    }

    /// The sensitivity in dBHL.
    package var decibels: Double { sensitivity.doubleValue(for: .decibelHearingLevel()) }

    /// Tests are equal when all their fields are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKAudiogramSensitivityTest else { return false }
        return other.decibels == decibels && other.type == type && other.masked == masked && other.side == side
            && other.clampingRange == clampingRange
    }

    /// The hash of the fields.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(decibels)
        hasher.combine(type)
        hasher.combine(masked)
        hasher.combine(side)
        hasher.combine(clampingRange)
        return hasher.finalize()
    }

    /// The side, sensitivity and masking, for debugging.
    public override var description: String {
        "\(side == .left ? "left" : "right") \(decibels) dBHL\(masked ? " masked" : "")"
            + (clampingRange.map { " clamped \($0)" } ?? "")
    }

    // MARK: NSSecureCoding

    /// Tests can be decoded securely.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the fields.
    public func encode(with coder: NSCoder) {
        coder.encode(decibels, forKey: "sensitivity")
        coder.encode(type.rawValue, forKey: "type")
        coder.encode(masked, forKey: "masked")
        coder.encode(side.rawValue, forKey: "side")
        if let clampingRange { coder.encode(clampingRange, forKey: "clampingRange") }
    }

    /// Decodes a test ``encode(with:)`` wrote; nil for unknown enumeration values or an invalid sensitivity.
    public required convenience init?(coder: NSCoder) {
        let decibels = coder.decodeDouble(forKey: "sensitivity")
        guard let type = HKAudiogramConductionType(rawValue: coder.decodeInteger(forKey: "type")),
            let side = HKAudiogramSensitivityTestSide(rawValue: coder.decodeInteger(forKey: "side")),
            AudiogramValidation.sensitivityRange.contains(decibels)
        else { return nil }
        let range = coder.decodeIfPresent(HKAudiogramSensitivityPointClampingRange.self, forKey: "clampingRange")
        self.init(
            decibels: decibels, type: type, masked: coder.decodeBool(forKey: "masked"), side: side,
            clampingRange: range)
    }

    /// Tests are immutable: the copy is the test itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
