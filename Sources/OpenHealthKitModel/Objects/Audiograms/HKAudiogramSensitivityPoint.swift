public import Foundation

/// The results of a hearing test at one frequency: one or more tests, each of one ear.
public final class HKAudiogramSensitivityPoint: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The frequency tested, in hertz.
    public let frequency: HKQuantity
    /// The tests at this frequency.
    public let tests: [HKAudiogramSensitivityTest]

    package init(hertz: Double, tests: [HKAudiogramSensitivityTest]) {
        frequency = HKQuantity(unit: .hertz(), doubleValue: hertz)
        self.tests = tests
        super.init()
    }

    /// A point of `tests` at `frequency`; a frequency not in hertz or out of range, or no test, is ``HKError``
    /// `errorInvalidArgument`.
    public convenience init(frequency: HKQuantity, tests: [HKAudiogramSensitivityTest]) throws {
        let hertz = try AudiogramValidation.frequency(frequency)
        try AudiogramValidation.validateTests(tests)
        self.init(hertz: hertz, tests: tests)
    }

    /// A point of each ear's sensitivity (dBHL) at `frequency` (Hz), measured through the air without masking; at
    /// least one ear is needed (HealthKit's form before `tests`).
    public convenience init(
        frequency: HKQuantity, leftEarSensitivity: HKQuantity?, rightEarSensitivity: HKQuantity?
    ) throws {
        var tests: [HKAudiogramSensitivityTest] = []
        for (sensitivity, side) in [
            (leftEarSensitivity, HKAudiogramSensitivityTestSide.left), (rightEarSensitivity, .right),
        ] {
            guard let sensitivity else { continue }
            tests.append(
                try HKAudiogramSensitivityTest(
                    sensitivity: sensitivity, type: .air, masked: false, side: side, clampingRange: nil))
        }
        try self.init(frequency: frequency, tests: tests)
    }

    /// The left ear's sensitivity: its unmasked test's, else its masked test's; nil when the left ear was not tested.
    public var leftEarSensitivity: HKQuantity? { sensitivity(of: .left) }
    /// The right ear's sensitivity: its unmasked test's, else its masked test's; nil when the right ear was not tested.
    public var rightEarSensitivity: HKQuantity? { sensitivity(of: .right) }

    private func sensitivity(of side: HKAudiogramSensitivityTestSide) -> HKQuantity? {
        let ear = tests.filter { $0.side == side }
        return (ear.first { !$0.masked } ?? ear.first)?.sensitivity
    }

    /// The frequency in hertz.
    package var hertz: Double { frequency.doubleValue(for: .hertz()) }

    /// Points are equal when their frequencies and tests are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKAudiogramSensitivityPoint else { return false }
        return other.hertz == hertz && other.tests == tests
    }

    /// The hash of the frequency and tests.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(hertz)
        hasher.combine(tests)
        return hasher.finalize()
    }

    /// The frequency and tests, for debugging.
    public override var description: String {
        "\(hertz) Hz: " + tests.map(\.description).joined(separator: ", ")
    }

    // MARK: NSSecureCoding

    /// Points can be decoded securely.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the frequency (Hz) and the tests.
    public func encode(with coder: NSCoder) {
        coder.encode(hertz, forKey: "frequency")
        coder.encode(tests as NSArray, forKey: "tests")
    }

    /// Decodes a point ``encode(with:)`` wrote; nil when it is not a valid point.
    public required convenience init?(coder: NSCoder) {
        let hertz = coder.decodeDouble(forKey: "frequency")
        guard
            let tests = coder.decodeObject(
                of: [NSArray.self, HKAudiogramSensitivityTest.self, HKAudiogramSensitivityPointClampingRange.self],
                forKey: "tests") as? [HKAudiogramSensitivityTest],
            AudiogramValidation.frequencyRange.contains(hertz), (try? AudiogramValidation.validateTests(tests)) != nil
        else { return nil }
        self.init(hertz: hertz, tests: tests)
    }
}
