package import Foundation

/// The checks every sample gets: its dates, and the metadata its type requires.
package enum SampleValidation {
    /// The dates a sample may have: from `Date.distantPast` (1 January of year 1) to `Date.distantFuture`
    /// (1 January 4001, the end of a sample of undetermined duration), Foundation's own bounds of a meaningful date.
    /// Calendars compute exactly within them, and the number of intervals between any two of them stays finite.
    package static let dateRange = Date.distantPast...Date.distantFuture

    /// Whether `date` lies in ``dateRange``; NaN does not (`ClosedRange.contains` alone would let it through).
    package static func isSampleDate(_ date: Date) -> Bool {
        date.timeIntervalSinceReferenceDate.isFinite && dateRange.contains(date)
    }

    /// Both dates lie in ``dateRange`` (so are neither NaN nor infinite) and the start is not after the end.
    package static func validateDates(start: Date, end: Date) throws(HKError) {
        for (label, date) in [("startDate", start), ("endDate", end)] where !isSampleDate(date) {
            throw .invalidArgument(
                "\(label) is not a valid date: it must lie between years 1 and 4001 (timeIntervalSinceReferenceDate \(date.timeIntervalSinceReferenceDate))"
            )
        }
        guard start <= end else {
            throw .invalidArgument("startDate (\(start)) cannot occur after endDate (\(end))")
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
