import Foundation

/// What a sample of one kind holds beyond the columns of ``SampleRow``: stored in that kind's own tables, keyed by the
/// sample's row, and deleted with it. Bulk points (series values, beats, voltages) live in child tables of their own,
/// never as sample rows.
///
/// A storage stores the detail with its sample in the same transaction, deletes it with its sample, and reads it back
/// with every row of the kind's types. On insert a detail carries everything (a series' values, a heartbeat series'
/// beats, an electrocardiogram's voltages); on read the series, heartbeat series and electrocardiograms carry the
/// summary that the sample object shows, and their bulk points are read apart (``SampleDetailStorage``), so that a
/// sample query never loads them. The records' kinds (``SampleDetailKind``) come back whole, except a CDA document's
/// XML, which only a query that asks for it reads (``RowQuery/includesDocumentData``).
package enum SampleDetail: Sendable, Equatable {
    /// A quantity sample holding several quantities (``QuantitySeriesRow``).
    case quantitySeries(QuantitySeriesRow)
    /// A heartbeat series (``HeartbeatSeriesRow``).
    case heartbeatSeries(HeartbeatSeriesRow)
    /// An electrocardiogram (``ElectrocardiogramRow``).
    case electrocardiogram(ElectrocardiogramRow)
    /// An audiogram's points (``AudiogramRow``).
    case audiogram(AudiogramRow)
    /// A workout route (`HKWorkoutRouteTypeIdentifier`): its locations on insert, their count on read (the locations
    /// are read apart, ``WorkoutStorage/routeLocations(of:in:offset:limit:)``).
    case workoutRoute(WorkoutRouteRow)
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
}

extension SampleRow {
    /// An audiogram's points (empty for any other sample).
    package var audiogramPoints: [AudiogramPointRow] {
        if case .audiogram(let audiogram) = detail { return audiogram.points }
        return []
    }
}

/// The kinds of records, documents, minds, assessments, medications and prescriptions, whose ``SampleDetail`` every
/// sample of the kind's types has, and which types are of each. (A quantity series, a heartbeat series, an
/// electrocardiogram, an audiogram and a workout route are the series' kinds, read their own way: see ``SampleDetail``.)
package enum SampleDetailKind: String, Sendable, CaseIterable {
    case clinicalRecord, cdaDocument, stateOfMind, scoredAssessment, medicationDoseEvent, visionPrescription

    /// The kind of a type's samples, or nil for a type whose samples have no detail of these kinds.
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
