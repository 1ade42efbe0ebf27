import Foundation

/// The type of a kind of clinical record (``HKClinicalRecord``): allergies, conditions, lab results...
///
/// Clinical records come from the user's health institutions (here: from an imported Health export). Apps may read
/// them, with their own usage description (`NSHealthClinicalHealthRecordsShareUsageDescription`), and never write
/// them: asking to share a clinical type raises, as in HealthKit.
public final class HKClinicalType: HKSampleType, @unchecked Sendable {
    /// The type for an identifier of the catalog. An identifier the catalog does not know raises, as in HealthKit.
    public convenience init(_ identifier: HKClinicalTypeIdentifier) {
        guard HKClinicalTypeIdentifier.allCases.contains(identifier) else {
            raiseInvalidArgumentException("Unknown clinical type identifier \(identifier.rawValue)")
        }
        self.init(identifier: identifier.rawValue, isShareable: false)
    }

    static func catalogType(_ identifier: HKClinicalTypeIdentifier) -> HKClinicalType? {
        HKClinicalTypeIdentifier.allCases.contains(identifier) ? HKClinicalType(identifier) : nil
    }
}
