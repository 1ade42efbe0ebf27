import Foundation
package import OpenHealthKitModel

/// Turns the samples whose kinds have their own table (clinical records, documents, states of mind, assessments, dose
/// events, prescriptions) into the value and ``SampleDetail`` of their storage row.
package enum RecordDetailEncoding {
    /// The row value and detail of `sample`, or nil for a sample of another kind.
    package static func encode(_ sample: HKSample) throws -> (value: Double?, detail: SampleDetail)? {
        switch sample {
        case let record as HKClinicalRecord:
            let resource = record.fhirResource
            return (
                nil,
                .clinicalRecord(
                    ClinicalRecordRow(
                        resourceType: resource?.resourceType.rawValue ?? "", identifier: resource?.identifier ?? "",
                        fhirVersion: resource?.fhirVersion.stringRepresentation
                            ?? HKFHIRVersion.primaryDSTU2().stringRepresentation,
                        sourceURL: resource?.sourceURL?.absoluteString, displayName: record.displayName,
                        resource: resource.map { String(decoding: $0.data, as: UTF8.self) }, resourceFilePath: nil))
            )
        case let document as HKCDADocumentSample:
            guard let content = document.document, let data = content.documentData else {
                throw HKError.invalidArgument("A CDA document sample needs its document data to be saved")
            }
            return (
                nil,
                .cdaDocument(
                    CDADocumentRow(
                        title: content.title, patientName: content.patientName, authorName: content.authorName,
                        custodianName: content.custodianName, document: data))
            )
        case let state as HKStateOfMind:
            return (
                state.valence,
                .stateOfMind(
                    StateOfMindRow(
                        kind: state.kind.rawValue, labels: state.labels.map(\.rawValue),
                        associations: state.associations.map(\.rawValue)))
            )
        case let assessment as HKScoredAssessment:
            return (Double(assessment.score), .scoredAssessment(ScoredAssessmentRow(answers: assessment.answerValues)))
        case let event as HKMedicationDoseEvent:
            return (
                event.doseQuantity,
                .medicationDoseEvent(
                    MedicationDoseEventRow(
                        conceptCode: event.medicationConceptIdentifier.code, logStatus: event.logStatus.rawValue,
                        scheduleType: event.scheduleType.rawValue,
                        scheduledDate: event.scheduledDate?.timeIntervalSince1970,
                        scheduledDoseQuantity: event.scheduledDoseQuantity, unit: event.unit.unitString))
            )
        case let prescription as HKVisionPrescription:
            return (nil, .visionPrescription(try VisionPrescriptionCoding.row(for: prescription)))
        default:
            return nil
        }
    }
}
