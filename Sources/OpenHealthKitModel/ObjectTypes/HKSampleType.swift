import Foundation

/// The abstract type of every sample: data with a start and an end date.
open class HKSampleType: HKObjectType, @unchecked Sendable {
    /// Whether apps may ask to write (share) this type. HealthKit keeps some types for itself
    /// (e.g. `appleExerciseTime`); asking to share them raises "Authorization to share the following types is disallowed".
    package let isShareable: Bool

    package init(identifier: String, isShareable: Bool) {
        self.isShareable = isShareable
        super.init(identifier: identifier)
    }

    /// Whether samples of this type have a maximum duration. No type of the catalog restricts it here.
    public var isMaximumDurationRestricted: Bool { false }
    /// Whether samples of this type have a minimum duration. No type of the catalog restricts it here.
    public var isMinimumDurationRestricted: Bool { false }
    /// Whether estimates of this type may be recalibrated (HealthKit's `recalibrateEstimates`). No type of the catalog
    /// allows it here.
    public var allowsRecalibrationForEstimates: Bool { false }
}
