package import Foundation

/// The checks every sample gets: its dates, and the metadata its type requires.
package enum SampleValidation {
    /// Both dates are real dates (not NaN or infinite) and the start is not after the end.
    package static func validateDates(start: Date, end: Date) throws(HKError) {
        for (label, date) in [("startDate", start), ("endDate", end)] where !date.timeIntervalSinceReferenceDate.isFinite {
            throw .invalidArgument("\(label) is not a valid date (timeIntervalSinceReferenceDate \(date.timeIntervalSinceReferenceDate))")
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
