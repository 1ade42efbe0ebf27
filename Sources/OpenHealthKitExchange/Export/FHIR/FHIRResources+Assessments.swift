import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Scored assessments as Observations.
extension FHIRResources {
    /// A PHQ-9 or GAD-7 assessment: an Observation of the total score (LOINC 44261-6, 70274-6) in the survey
    /// category, with one component per question (its LOINC code and the LOINC answer); a ninth PHQ-9 answer
    /// "prefer not to answer" has no component.
    func assessmentObservation(_ row: SampleRow) -> JSONObject? {
        guard case .scoredAssessment(let assessment)? = row.detail,
            let instrument = FHIRCodes.assessments[row.typeIdentifier]
        else { return nil }
        var observation = commonObservation(row)
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
