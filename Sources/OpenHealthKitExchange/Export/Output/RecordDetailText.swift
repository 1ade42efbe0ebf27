import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The value of a record of a kind with its own table, as the CSV export writes it: a JSON object of its fields,
/// enumerations by case name (`dailyMood`, `taken`), quantities in the row's units, dates in ISO 8601 (UTC).
enum RecordDetailText {
    static func json(_ row: SampleRow) -> String? {
        var object = JSONObject()
        switch row.detail {
        case .clinicalRecord(let record)?:
            object.string("display_name", record.displayName)
            object.string("resource_type", record.resourceType)
            object.string("identifier", record.identifier)
            object.string("fhir_version", record.fhirVersion)
            object.string("source_url", record.sourceURL)
            if let resource = record.resource,
                (try? JSONSerialization.jsonObject(with: Data(resource.utf8))) is [String: Any]
            {
                object.raw("resource", resource.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        case .cdaDocument(let document)?:
            object.string("title", document.title)
            object.string("patient_name", document.patientName)
            object.string("author_name", document.authorName)
            object.string("custodian_name", document.custodianName)
        case .stateOfMind(let state)?:
            object.string("kind", HKStateOfMind.Kind(rawValue: state.kind).map { String(describing: $0) })
            object.number("valence", row.value)
            object.string(
                "valence_classification",
                row.value.flatMap(HKStateOfMind.ValenceClassification.init(valence:)).map { String(describing: $0) })
            object.raw(
                "labels", names(state.labels.compactMap(HKStateOfMind.Label.init(rawValue:)).map { "\($0)" }))
            object.raw(
                "associations",
                names(state.associations.compactMap(HKStateOfMind.Association.init(rawValue:)).map { "\($0)" }))
        case .scoredAssessment(let assessment)?:
            object.number("score", row.value)
            if row.typeIdentifier == HKScoredAssessmentTypeIdentifier.GAD7.rawValue {
                let answers = assessment.answers.compactMap(HKGAD7Assessment.Answer.init(rawValue:))
                object.string(
                    "risk",
                    "\(HKGAD7Assessment(uuid: row.uuid, date: Date(), answers: answers, device: nil, metadata: nil, sourceRevision: .placeholder()).risk)"
                )
                object.raw("answers", names(answers.map { "\($0)" }))
            } else {
                let answers = assessment.answers.compactMap(HKPHQ9Assessment.Answer.init(rawValue:))
                object.string(
                    "risk",
                    "\(HKPHQ9Assessment(uuid: row.uuid, date: Date(), answers: answers, device: nil, metadata: nil, sourceRevision: .placeholder()).risk)"
                )
                object.raw("answers", names(answers.map { "\($0)" }))
            }
        case .medicationDoseEvent(let event)?:
            object.string("medication", event.conceptCode)
            object.string(
                "log_status", HKMedicationDoseEvent.LogStatus(rawValue: event.logStatus).map { "\($0)" })
            object.string(
                "schedule_type", HKMedicationDoseEvent.ScheduleType(rawValue: event.scheduleType).map { "\($0)" })
            object.number("dose_quantity", row.value)
            object.number("scheduled_dose_quantity", event.scheduledDoseQuantity)
            object.string("scheduled_date", event.scheduledDate.map(instant))
            object.string("unit", event.unit)
        case .visionPrescription(let prescription)?:
            object.string(
                "type",
                HKVisionPrescriptionType(rawValue: UInt(max(0, prescription.prescriptionType))).map { "\($0)" })
            object.string("expiration_date", prescription.expirationDate.map(instant))
            object.string("brand", prescription.brand)
            for lens in prescription.lenses {
                var eye = JSONObject()
                for (name, value) in ExportedVisionPrescription.attributes(of: lens) { eye.string(name, value) }
                object.object(lens.eye == HKVisionEye.right.rawValue ? "right_eye" : "left_eye", eye)
            }
        default:
            return nil
        }
        return object.json
    }

    /// An instant as ISO 8601 in UTC (`2024-03-01T11:00:00Z`).
    private static func instant(_ seconds: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
    }

    private static func names(_ names: [String]) -> String {
        "[" + names.map(JSONStringLiteral.quoted).joined(separator: ",") + "]"
    }
}
