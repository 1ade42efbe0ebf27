public import Foundation

/// The abstract superclass of every type of data in the store, identified by its raw identifier string.
///
/// Two types are equal when their identifiers are equal, whichever factory made them.
open class HKObjectType: NSObject, @unchecked Sendable {
    /// The raw identifier, e.g. `"HKQuantityTypeIdentifierHeartRate"`.
    public let identifier: String

    package init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObjectType else { return false }
        return other.identifier == identifier
    }

    open override var hash: Int { identifier.hashValue }

    open override var description: String { identifier }

    /// Whether the user must authorize each object of this type separately (vision prescriptions in HealthKit).
    open func requiresPerObjectAuthorization() -> Bool { false }
}

extension HKObjectType {
    public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        HKQuantityType.catalogType(identifier)
    }

    public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        HKCategoryType.catalogType(identifier)
    }

    public class func characteristicType(forIdentifier identifier: HKCharacteristicTypeIdentifier) -> HKCharacteristicType? {
        HKCharacteristicType.catalogType(identifier)
    }

    public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        HKCorrelationType.catalogType(identifier)
    }

    public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        HKSeriesType.catalogType(identifier)
    }

    public class func workoutType() -> HKWorkoutType { HKWorkoutType.shared }

    public class func activitySummaryType() -> HKActivitySummaryType { HKActivitySummaryType.shared }
}
