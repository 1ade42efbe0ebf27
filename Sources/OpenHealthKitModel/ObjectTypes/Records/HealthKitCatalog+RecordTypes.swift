import Foundation

extension HKObjectType {
    /// The health record, document, mind, medication and prescription type with this raw identifier, or nil.
    static func recordType(forRawIdentifier raw: String) -> HKObjectType? {
        if let type = HKClinicalType.catalogType(HKClinicalTypeIdentifier(rawValue: raw)) { return type }
        if let type = HKDocumentType.catalogType(HKDocumentTypeIdentifier(rawValue: raw)) { return type }
        if let type = HKScoredAssessmentType.catalogType(HKScoredAssessmentTypeIdentifier(rawValue: raw)) {
            return type
        }
        switch raw {
        case HKDataTypeIdentifierStateOfMind: return HKStateOfMindType.shared
        case HKMedicationDoseEventTypeIdentifierMedicationDoseEvent: return HKMedicationDoseEventType.shared
        case HKDataTypeIdentifierUserAnnotatedMedicationConcept: return HKUserAnnotatedMedicationType.shared
        case HKVisionPrescriptionTypeIdentifier: return HKPrescriptionType.shared
        default: return nil
        }
    }

    /// The short names of these types: a clinical type's identifier without its prefix, first letter lowered
    /// (`labResultRecord`), and the others by hand.
    static let recordShortNames: [String: String] = {
        var names: [String: String] = [:]
        let prefix = "HKClinicalTypeIdentifier"
        for identifier in HKClinicalTypeIdentifier.allCases {
            let rest = identifier.rawValue.dropFirst(prefix.count)
            names[identifier.rawValue] = rest.prefix(1).lowercased() + rest.dropFirst()
        }
        names[HKDocumentTypeIdentifier.CDA.rawValue] = "cdaDocument"
        names[HKDataTypeIdentifierStateOfMind] = "stateOfMind"
        names[HKScoredAssessmentTypeIdentifier.GAD7.rawValue] = "gad7Assessment"
        names[HKScoredAssessmentTypeIdentifier.PHQ9.rawValue] = "phq9Assessment"
        names[HKMedicationDoseEventTypeIdentifierMedicationDoseEvent] = "medicationDoseEvent"
        names[HKDataTypeIdentifierUserAnnotatedMedicationConcept] = "medication"
        names[HKVisionPrescriptionTypeIdentifier] = "visionPrescription"
        return names
    }()
}
