public import Foundation

/// The abstract type of every sample: data with a start and an end date.
open class HKSampleType: HKObjectType, @unchecked Sendable {
    /// Whether apps may ask to write (share) this type. HealthKit keeps some types for itself
    /// (e.g. `appleExerciseTime`); asking to share them raises "Authorization to share the following types is disallowed".
    package let isShareable: Bool

    package init(identifier: String, isShareable: Bool) {
        self.isShareable = isShareable
        super.init(identifier: identifier)
    }

    /// Whether samples of this type have a maximum time between their start and end dates (most types: four days;
    /// see ``maximumAllowedDuration``).
    public var isMaximumDurationRestricted: Bool { SampleDurationLimits.maximum(for: identifier) != nil }

    /// The longest time a sample of this type may last, in seconds: four days for most types, longer for some
    /// (two weeks for cycle symptoms, 28 days for mindful sessions...). A type without a maximum raises
    /// `NSInvalidArgumentException`, as in HealthKit; check ``isMaximumDurationRestricted`` first.
    public var maximumAllowedDuration: TimeInterval {
        guard let maximum = SampleDurationLimits.maximum(for: identifier) else {
            raiseInvalidArgumentException("Data type \(identifier) is not duration restricted")
        }
        return maximum
    }

    /// Whether samples of this type must last a minimum time (the audio exposure levels: a millisecond).
    public var isMinimumDurationRestricted: Bool { minimumAllowedDuration > 0 }

    /// The shortest time a sample of this type may last, in seconds: 0 for a type without a minimum (HealthKit
    /// answers 0 rather than raising).
    public var minimumAllowedDuration: TimeInterval { SampleDurationLimits.minimum(for: identifier) }

    /// Whether an app may recalibrate HealthKit's estimates of this type (`recalibrateEstimates`): only the six-minute
    /// walk test distance, which the phone estimates.
    public var allowsRecalibrationForEstimates: Bool {
        identifier == HKQuantityTypeIdentifier.sixMinuteWalkTestDistance.rawValue
    }

    /// Unarchives a sample type; nil unless the archived identifier names a HealthKit type of the class being
    /// unarchived (which also gives whether apps may share it).
    public required init?(coder: NSCoder) {
        guard let known = Self.catalogType(archivedIn: coder) as? HKSampleType else { return nil }
        isShareable = known.isShareable
        super.init(coder: coder)
    }
}
