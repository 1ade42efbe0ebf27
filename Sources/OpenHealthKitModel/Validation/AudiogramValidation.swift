import Foundation

/// The checks on audiograms, as HealthKit makes them: quantities in hertz and dBHL within a hearing test's range,
/// clamping ranges with at least one ordered bound, 1 to 30 points per audiogram with unique, ascending frequencies.
package enum AudiogramValidation {
    /// The most points an audiogram holds (HealthKit's limit).
    package static let maximumPoints = 30
    /// The frequencies a point may have, in Hz: above zero, up to the limit of human hearing.
    package static let frequencyRange = Double.leastNonzeroMagnitude...20_000
    /// The sensitivities a test may have, in dBHL: wider than any audiometer's range (about -10 to 120 dBHL), so that
    /// only values no hearing test produces are refused. HealthKit documents its own range only as "out of range".
    package static let sensitivityRange = -50.0...200.0

    /// A frequency in Hz; not a frequency, or out of ``frequencyRange``, is `errorInvalidArgument`.
    package static func frequency(_ quantity: HKQuantity) throws(HKError) -> Double {
        try value(quantity, in: .hertz(), within: frequencyRange, label: "An audiogram frequency")
    }

    /// A sensitivity in dBHL; not a hearing level, or out of ``sensitivityRange``, is `errorInvalidArgument`.
    package static func sensitivity(_ quantity: HKQuantity) throws(HKError) -> Double {
        try value(quantity, in: .decibelHearingLevel(), within: sensitivityRange, label: "An audiogram sensitivity")
    }

    private static func value(_ quantity: HKQuantity, in unit: HKUnit, within range: ClosedRange<Double>, label: String)
        throws(HKError) -> Double
    {
        try QuantityValidation.validate(quantity, compatibleWith: unit, label: label)
        let value = quantity.doubleValue(for: unit)
        guard range.contains(value) else {
            throw .invalidArgument(
                "\(label) must lie between \(range.lowerBound) and \(range.upperBound) \(unit.unitString): \(quantity)")
        }
        return value
    }

    /// At least one bound, each finite and a valid sensitivity, the lower one below the upper one.
    package static func validateClampingRange(lower: Double?, upper: Double?) throws(HKError) {
        guard lower != nil || upper != nil else {
            throw .invalidArgument("A clamping range needs a lower bound, an upper bound or both")
        }
        for bound in [lower, upper].compactMap({ $0 }) where !sensitivityRange.contains(bound) {
            throw .invalidArgument(
                "A clamping range's bounds must lie between \(sensitivityRange.lowerBound) and \(sensitivityRange.upperBound) dBHL: \(bound)"
            )
        }
        if let lower, let upper, lower >= upper {
            throw .invalidArgument(
                "A clamping range's lower bound (\(lower)) must be less than its upper bound (\(upper))")
        }
    }

    /// A point has at least one test.
    package static func validateTests(_ tests: [HKAudiogramSensitivityTest]) throws(HKError) {
        guard !tests.isEmpty else {
            throw .invalidArgument("An audiogram sensitivity point needs at least one test (or one ear's sensitivity)")
        }
    }

    /// 1 to 30 points, frequencies unique and in ascending order.
    package static func validatePoints(_ points: [HKAudiogramSensitivityPoint]) throws(HKError) {
        guard !points.isEmpty else {
            throw .invalidArgument("An audiogram sample must have at least 1 sensitivity point")
        }
        guard points.count <= maximumPoints else {
            throw .invalidArgument("Audiograms are limited to \(maximumPoints) sensitivity points per sample")
        }
        for (previous, next) in zip(points, points.dropFirst()) where previous.hertz >= next.hertz {
            throw .invalidArgument("Audiogram frequencies must be unique and in ascending order.")
        }
    }
}
