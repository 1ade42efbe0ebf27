package import Foundation

/// The checks every sample gets: its dates, and the metadata its type requires.
package enum SampleValidation {
    /// The dates a sample may have: from `Date.distantPast` (1 January of year 1) to `Date.distantFuture`
    /// (1 January 4001, the end of a sample of undetermined duration), Foundation's own bounds of a meaningful date.
    /// Calendars compute exactly within them, and the number of intervals between any two of them stays finite.
    package static let dateRange = Date.distantPast...Date.distantFuture

    /// The longest time between two dates in ``dateRange`` (about 1.26e11 s): the bound of every duration an object
    /// carries (a workout's active time, a heartbeat's time since its series' start).
    package static let longestInterval: Double = dateRange.upperBound.timeIntervalSince(dateRange.lowerBound)

    /// Whether `date` lies in ``dateRange``; NaN does not (`ClosedRange.contains` alone would let it through).
    package static func isSampleDate(_ date: Date) -> Bool {
        date.timeIntervalSinceReferenceDate.isFinite && dateRange.contains(date)
    }

    /// `date` lies in ``dateRange``; `label` names it in the error.
    package static func validateDate(_ date: Date, label: String) throws(HKError) {
        guard isSampleDate(date) else {
            throw .invalidArgument(
                "\(label) is not a valid date: it must lie between years 1 and 4001 (timeIntervalSinceReferenceDate \(date.timeIntervalSinceReferenceDate))"
            )
        }
    }

    /// Both dates lie in ``dateRange`` (so are neither NaN nor infinite) and the start is not after the end.
    package static func validateDates(start: Date, end: Date) throws(HKError) {
        try validateDate(start, label: "startDate")
        try validateDate(end, label: "endDate")
        guard start <= end else {
            throw .invalidArgument("startDate (\(start)) cannot occur after endDate (\(end))")
        }
    }

    /// What HealthKit checks of a sample an app saves, beyond what makes a valid sample: the time between its dates
    /// is within the type's limits (``HKSampleType/maximumAllowedDuration``,
    /// ``HKSampleType/minimumAllowedDuration``), and only the types that allow it end at `Date.distantFuture` (an
    /// undetermined duration), with HealthKit's messages; for a correlation, its samples too. HealthKit does not
    /// check this when a sample is created, nor on data it restores (an import), only on a save.
    package static func validateDurations(of object: HKObject) throws(HKError) {
        guard let sample = object as? HKSample else { return }
        try validateDuration(of: sample.sampleType, start: sample.startDate, end: sample.endDate)
        for member in (object as? HKCorrelation)?.objects ?? [] { try validateDurations(of: member) }
    }

    private static func validateDuration(of type: HKSampleType, start: Date, end: Date) throws(HKError) {
        if end >= .distantFuture, !SampleDurationLimits.allowsUndeterminedDuration(type.identifier) {
            throw .invalidArgument("Type \(Swift.type(of: type)) can not have endDate of NSDate.distantFuture")
        }
        let duration = end.timeIntervalSince(start)
        if let maximum = SampleDurationLimits.maximum(for: type.identifier), duration > maximum {
            throw .invalidArgument(
                "startDate (\(start)) and endDate (\(end)) exceed the maximum allowed duration for this sample type. "
                    + "Maximum duration for type \(type.identifier) is \(String(format: "%f", maximum))")
        }
        let minimum = SampleDurationLimits.minimum(for: type.identifier)
        if duration < minimum {
            throw .invalidArgument(
                "Duration between startDate (\(start)) and endDate (\(end)) is below the minimum allowed duration for "
                    + "this sample type. Minimum duration for type \(type.identifier) is \(String(format: "%f", minimum))"
            )
        }
    }

    /// The metadata keys a type requires: menstrual flow needs ``HKMetadataKeyMenstrualCycleStart``, insulin delivery
    /// needs ``HKMetadataKeyInsulinDeliveryReason``.
    package static func validateRequiredMetadata(of type: HKSampleType, in metadata: [String: Any]?) throws(HKError) {
        guard let (key, name) = requiredKey(of: type), metadata?[key] == nil else { return }
        throw .invalidArgument("Type \(type.identifier) is missing a required metadata key (required keys: \(name))")
    }

    /// The stored key string and constant name a type requires, if any.
    private static func requiredKey(of type: HKSampleType) -> (key: String, name: String)? {
        switch type.identifier {
        case HKCategoryTypeIdentifier.menstrualFlow.rawValue:
            (HKMetadataKeyMenstrualCycleStart, "HKMetadataKeyMenstrualCycleStart")
        case HKQuantityTypeIdentifier.insulinDelivery.rawValue:
            (HKMetadataKeyInsulinDeliveryReason, "HKMetadataKeyInsulinDeliveryReason")
        default:
            nil
        }
    }
}
