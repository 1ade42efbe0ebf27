import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Clinical records and scored assessments in the Bundle.
extension FHIRBundleWriter {
    /// A clinical record received in FHIR R4 is included as it was received; others (DSTU2) are not.
    func writeClinicalRecord(_ row: SampleRow) throws {
        guard case .clinicalRecord(let record)? = row.detail, record.fhirVersion.hasPrefix("4."),
            let resource = record.resource,
            let object = try? JSONSerialization.jsonObject(with: Data(resource.utf8)) as? [String: Any],
            let resourceType = object["resourceType"] as? String
        else { return context.notWritten("ClinicalRecord") }
        let fullUrl: String
        if let base = record.sourceURL, let id = object["id"] as? String {
            fullUrl = (base.hasSuffix("/") ? base : base + "/") + resourceType + "/" + id
        } else {
            fullUrl = "urn:uuid:" + row.uuid.uuidString.lowercased()
        }
        try writeEntry(fullUrl: fullUrl, resource: resource.trimmingCharacters(in: .whitespacesAndNewlines))
        context.summary.clinicalRecords += 1
    }

    /// A PHQ-9 or GAD-7 assessment: an Observation of the total score (LOINC 44261-6, 70274-6) in the survey
    /// category, with one component per question (its LOINC code and the LOINC answer); a ninth PHQ-9 answer
    /// "prefer not to answer" has no component.
    func assessmentObservation(_ row: SampleRow) -> JSONObject? {
        guard case .scoredAssessment(let assessment)? = row.detail,
            let instrument = FHIRCodes.assessments[row.typeIdentifier]
        else { return nil }
        let name = HKObjectType.shortName(forRawIdentifier: row.typeIdentifier)
        var observation = observation(
            row, codings: [instrument.total, typeCoding(row.typeIdentifier, display: name)], text: name,
            category: .survey, profile: nil)
        observation.raw("valueInteger", String(Int(row.value ?? 0)))
        var components: [JSONObject] = []
        for (question, answer) in zip(instrument.questions, assessment.answers) {
            guard let answerCoding = FHIRCodes.frequencyAnswers[answer] else { continue }
            var component = JSONObject()
            component.object("code", Self.concept([question], text: question.display))
            component.object("valueCodeableConcept", Self.concept([answerCoding], text: answerCoding.display))
            components.append(component)
        }
        observation.array("component", components)
        return observation
    }
}
