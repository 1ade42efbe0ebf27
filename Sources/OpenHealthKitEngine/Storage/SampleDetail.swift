import Foundation

/// What a sample of a kind holds beyond its `SampleRow` columns, as one kind-specific row (the storage keeps each
/// kind in its own table keyed by the sample, and bulk points in child tables).
///
/// A storage stores the detail with its sample in the same transaction, deletes it with its sample, and reads it back
/// with every row of the kind's types (``SampleDetailKind``).
package enum SampleDetail: Sendable, Equatable {
    /// A clinical record's FHIR resource (types `HKClinicalTypeIdentifier…`).
    case clinicalRecord(ClinicalRecordRow)
    /// A CDA document's header and XML (`HKDocumentTypeIdentifierCDA`).
    case cdaDocument(CDADocumentRow)
    /// A state of mind's kind, labels and associations (`HKDataTypeStateOfMind`; the valence is the row's value).
    case stateOfMind(StateOfMindRow)
    /// A scored assessment's answers (GAD-7, PHQ-9; the score is the row's value).
    case scoredAssessment(ScoredAssessmentRow)
    /// A medication dose event (the dose quantity is the row's value).
    case medicationDoseEvent(MedicationDoseEventRow)
    /// A vision prescription and its lenses.
    case visionPrescription(VisionPrescriptionRow)

    /// The kind of this detail.
    package var kind: SampleDetailKind {
        switch self {
        case .clinicalRecord: .clinicalRecord
        case .cdaDocument: .cdaDocument
        case .stateOfMind: .stateOfMind
        case .scoredAssessment: .scoredAssessment
        case .medicationDoseEvent: .medicationDoseEvent
        case .visionPrescription: .visionPrescription
        }
    }
}

/// The kinds of samples with a ``SampleDetail``, and which types are of each.
package enum SampleDetailKind: String, Sendable, CaseIterable {
    case clinicalRecord, cdaDocument, stateOfMind, scoredAssessment, medicationDoseEvent, visionPrescription

    /// The kind of a type's samples, or nil for a type whose samples have no detail.
    package init?(typeIdentifier: String) {
        switch typeIdentifier {
        case _ where typeIdentifier.hasPrefix("HKClinicalTypeIdentifier"): self = .clinicalRecord
        case "HKDocumentTypeIdentifierCDA": self = .cdaDocument
        case "HKDataTypeStateOfMind": self = .stateOfMind
        case "HKScoredAssessmentTypeIdentifierGAD7", "HKScoredAssessmentTypeIdentifierPHQ9": self = .scoredAssessment
        case "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent": self = .medicationDoseEvent
        case "HKVisionPrescriptionTypeIdentifier": self = .visionPrescription
        default: return nil
        }
    }
}
