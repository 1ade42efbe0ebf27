import Foundation

extension HKObjectType {
    /// The clinical type of an identifier; nil for an identifier HealthKit does not know.
    public class func clinicalType(forIdentifier identifier: HKClinicalTypeIdentifier) -> HKClinicalType? {
        HKClinicalType.catalogType(identifier)
    }

    /// The document type of an identifier; nil for an identifier HealthKit does not know.
    public class func documentType(forIdentifier identifier: HKDocumentTypeIdentifier) -> HKDocumentType? {
        HKDocumentType.catalogType(identifier)
    }

    /// The type of states of mind.
    public class func stateOfMindType() -> HKStateOfMindType { HKStateOfMindType.shared }

    /// The type of the medications a person tracks.
    public class func userAnnotatedMedicationType() -> HKUserAnnotatedMedicationType {
        HKUserAnnotatedMedicationType.shared
    }

    /// The type of medication dose events.
    public class func medicationDoseEventType() -> HKMedicationDoseEventType { HKMedicationDoseEventType.shared }

    /// The type of vision prescriptions.
    public class func visionPrescriptionType() -> HKPrescriptionType { HKPrescriptionType.shared }
}
