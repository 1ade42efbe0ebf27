public import Foundation

/// The abstract superclass of every type of data in the store, identified by its raw identifier string.
///
/// Two types are equal when their identifiers are equal, whichever factory made them.
open class HKObjectType: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The raw identifier, e.g. `"HKQuantityTypeIdentifierHeartRate"`.
    public let identifier: String

    package init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    /// Types are equal when their identifiers are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObjectType else { return false }
        return other.identifier == identifier
    }

    /// The identifier's hash.
    open override var hash: Int { identifier.hashValue }

    /// The identifier.
    open override var description: String { identifier }

    /// Whether the user must authorize each object of this type separately (vision prescriptions in HealthKit).
    open func requiresPerObjectAuthorization() -> Bool { false }

    // MARK: NSSecureCoding

    /// Types are archived securely.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the identifier: a type unarchives as the catalog's type of that identifier.
    open func encode(with coder: NSCoder) {
        coder.encodeString(identifier, forKey: "identifier")
    }

    /// Unarchives a type; nil unless the archived identifier names a HealthKit type of the class being unarchived.
    public required init?(coder: NSCoder) {
        guard let known = Self.catalogType(archivedIn: coder) else { return nil }
        identifier = known.identifier
        super.init()
    }

    /// The catalog's type of the identifier archived in `coder`, when it is a type of this class; nil otherwise.
    package static func catalogType(archivedIn coder: NSCoder) -> HKObjectType? {
        guard let identifier = coder.decodeString(forKey: "identifier"),
            let known = HKObjectType.type(forRawIdentifier: identifier), Swift.type(of: known) == self
        else { return nil }
        return known
    }
}

extension HKObjectType {
    /// The quantity type of an identifier; nil for an identifier HealthKit does not know.
    public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        HKQuantityType.catalogType(identifier)
    }

    /// The category type of an identifier; nil for an identifier HealthKit does not know.
    public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        HKCategoryType.catalogType(identifier)
    }

    /// The characteristic type of an identifier; nil for an identifier HealthKit does not know.
    public class func characteristicType(forIdentifier identifier: HKCharacteristicTypeIdentifier)
        -> HKCharacteristicType?
    {
        HKCharacteristicType.catalogType(identifier)
    }

    /// The correlation type of an identifier; nil for an identifier HealthKit does not know.
    public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        HKCorrelationType.catalogType(identifier)
    }

    /// The series type of an identifier (``HKWorkoutRouteTypeIdentifier``, ``HKDataTypeIdentifierHeartbeatSeries``);
    /// nil for any other.
    public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        HKSeriesType.catalogType(identifier)
    }

    /// The workout type.
    public class func workoutType() -> HKWorkoutType { HKWorkoutType.shared }

    /// The activity summary type.
    public class func activitySummaryType() -> HKActivitySummaryType { HKActivitySummaryType.shared }

    /// The electrocardiogram type: apps may read it, never share it.
    public class func electrocardiogramType() -> HKElectrocardiogramType { HKElectrocardiogramType.shared }

    /// The audiogram type.
    public class func audiogramSampleType() -> HKAudiogramSampleType { HKAudiogramSampleType.shared }
}
