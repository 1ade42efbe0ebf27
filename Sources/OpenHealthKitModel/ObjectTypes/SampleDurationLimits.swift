package import Foundation

/// How long a sample of each type may last, as HealthKit enforces it (iOS 26.1): the longest and shortest time
/// between a sample's start and end dates, behind `HKSampleType.maximumAllowedDuration` and
/// `minimumAllowedDuration`.
///
/// HealthKit keeps these limits in the framework's own table of types, not in its documentation; the values here were
/// read from that table (its `HKMaximumSampleDurationForType` and `HKMinimumSampleDurationForType` functions, by each
/// type's internal code). Nearly every type allows four days; the exceptions are listed below. A type is unrestricted
/// when HealthKit does not restrict it (pregnancy, menstrual flow...), and also when its limit could not be read: the
/// types added after iOS 26.1 (`bleedingAfterMenopause`, `menopausalState`, `heartRateVariabilityRMSSD`) and the food
/// correlation, whose internal code is not known. Types of the families other modules add (electrocardiograms,
/// documents...) are unrestricted until they are listed here.
package enum SampleDurationLimits {
    private static let day: TimeInterval = 86_400
    /// The limit of most types: four days.
    private static let standard: TimeInterval = 4 * day

    /// The types whose maximum is not four days, by raw identifier: nil for no maximum.
    private static let exceptions: [String: TimeInterval?] = {
        var limits: [String: TimeInterval?] = [:]
        func set(_ limit: TimeInterval?, _ categories: [HKCategoryTypeIdentifier]) {
            for identifier in categories { limits[identifier.rawValue] = limit }
        }
        set(
            nil,
            [.pregnancy, .lactation, .contraceptive, .menstrualFlow, .bleedingDuringPregnancy, .bleedingAfterPregnancy])
        // The cycle symptoms and cycle tracking types: two weeks.
        set(
            14 * day,
            [
                .abdominalCramps, .breastPain, .bloating, .headache, .acne, .lowerBackPain, .pelvicPain, .moodChanges,
                .constipation, .diarrhea, .fatigue, .nausea, .sleepChanges, .appetiteChanges, .hotFlashes,
                .cervicalMucusQuality, .ovulationTestResult, .intermenstrualBleeding, .sexualActivity,
                .pregnancyTestResult, .progesteroneTestResult,
            ])
        set(28 * day, [.mindfulSession])
        set(8 * day, [.headphoneAudioExposureEvent])
        set(10 * day, [.appleWalkingSteadinessEvent])
        set(31 * day, [.hypertensionEvent, .sleepApneaEvent])
        set(85 * day, [.lowCardioFitnessEvent])
        set(
            365 * day,
            [
                .persistentIntermenstrualBleeding, .prolongedMenstrualPeriods, .irregularMenstrualCycles,
                .infrequentMenstrualCycles,
            ])
        limits[HKQuantityTypeIdentifier.appleWalkingSteadiness.rawValue] = 10 * day
        limits[HKQuantityTypeIdentifier.atrialFibrillationBurden.rawValue] = 8 * day
        // Limits HealthKit 26.1 does not show: left unrestricted rather than guessed.
        set(nil, [.bleedingAfterMenopause, .menopausalState])
        limits[HKQuantityTypeIdentifier.heartRateVariabilityRMSSD.rawValue] = .some(nil)
        limits[HKCorrelationTypeIdentifier.food.rawValue] = .some(nil)
        return limits
    }()

    /// The types that have a minimum duration, by raw identifier: the audio exposure levels, which are averages over
    /// a time.
    private static let minimums: [String: TimeInterval] = [
        HKQuantityTypeIdentifier.environmentalAudioExposure.rawValue: 0.001,
        HKQuantityTypeIdentifier.headphoneAudioExposure.rawValue: 0.001,
    ]

    /// Whether the four-day standard applies to the type unless listed: the sample types of the catalog (quantity,
    /// category and correlation types, workouts, workout routes and heartbeat series).
    private static func isKnown(_ identifier: String) -> Bool {
        switch HKObjectType.type(forRawIdentifier: identifier) {
        case is HKQuantityType, is HKCategoryType, is HKCorrelationType, is HKWorkoutType, is HKSeriesType: true
        default: false
        }
    }

    /// Whether samples of the type may end at `Date.distantFuture`, an undetermined duration: pregnancy, lactation and
    /// contraceptive use, which last until the user ends them.
    package static func allowsUndeterminedDuration(_ identifier: String) -> Bool {
        [HKCategoryTypeIdentifier.pregnancy, .lactation, .contraceptive].contains { $0.rawValue == identifier }
    }

    /// The longest a sample of the type may last; nil when the type has no maximum.
    package static func maximum(for identifier: String) -> TimeInterval? {
        if let limit = exceptions[identifier] { return limit }
        return isKnown(identifier) ? standard : nil
    }

    /// The shortest a sample of the type may last: 0 for most types.
    package static func minimum(for identifier: String) -> TimeInterval {
        minimums[identifier] ?? 0
    }
}
