public import Foundation

/// The abstract superclass of scored assessments (``HKGAD7Assessment``, ``HKPHQ9Assessment``): a questionnaire's
/// answers at a point in time and the score they add up to.
public class HKScoredAssessment: HKSample, @unchecked Sendable {
    /// The score the answers add up to.
    public let score: Int

    package init(
        uuid: UUID, type: HKScoredAssessmentType, date: Date, score: Int, device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) {
        self.score = score
        super.init(
            uuid: uuid, sampleType: type, start: date, end: date, device: device, metadata: metadata,
            sourceRevision: sourceRevision)
    }

    /// The raw values of the answers, in question order (for the store and the wire).
    package var answerValues: [Int] { [] }

    package override var valueDescription: String? { "\(score)" }

    /// Archives the assessment and its score.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(score, forKey: "score")
    }

    /// Unarchives an assessment; nil without a score.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "score") else { return nil }
        score = coder.decodeInteger(forKey: "score")
        super.init(coder: coder)
    }
}

/// The checks of a questionnaire's answers.
package enum ScoredAssessmentValidation {
    /// Exactly `expected` answers.
    package static func validateCount(_ count: Int, expected: Int, name: String) throws(HKError) {
        guard count == expected else {
            throw HKError.invalidArgument("A \(name) assessment has exactly \(expected) answers, not \(count)")
        }
    }
}
