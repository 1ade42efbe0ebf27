public import Foundation

/// A PHQ-9 (Patient Health Questionnaire 9) assessment: nine answers, their score (0–27) and the depression risk it
/// indicates. The ninth question may be left unanswered (``Answer/preferNotToAnswer``, which scores 0).
public final class HKPHQ9Assessment: HKScoredAssessment, @unchecked Sendable {
    /// The nine answers, in question order.
    public let answers: [Answer]

    package init(
        uuid: UUID, date: Date, answers: [Answer], device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) {
        self.answers = answers
        super.init(
            uuid: uuid, type: HKScoredAssessmentType(.PHQ9), date: date,
            score: answers.reduce(0) { $0 + ($1 == .preferNotToAnswer ? 0 : $1.rawValue) }, device: device,
            metadata: metadata, sourceRevision: sourceRevision)
    }

    /// An assessment at `date` with exactly nine answers (only the ninth may be ``Answer/preferNotToAnswer``);
    /// anything else, or invalid metadata, raises, as in HealthKit.
    public convenience init(date: Date, answers: [Answer], metadata: [String: Any]? = nil) {
        self.init(
            uuid: UUID(), date: date, answers: answers, device: nil, metadata: metadata, sourceRevision: .placeholder())
        validateOrRaise()
    }

    /// An assessment, throwing ``HKError`` `errorInvalidArgument` where HealthKit's initializer raises.
    public convenience init(validating date: Date, answers: [Answer], metadata: [String: Any]? = nil) throws(HKError) {
        self.init(
            uuid: UUID(), date: date, answers: answers, device: nil, metadata: metadata, sourceRevision: .placeholder())
        try validate()
    }

    /// The depression risk of the score: 0–4 none to minimal, 5–9 mild, 10–14 moderate, 15–19 moderately severe,
    /// 20–27 severe.
    public var risk: Risk {
        switch score {
        case ..<5: .noneToMinimal
        case ..<10: .mild
        case ..<15: .moderate
        case ..<20: .moderatelySevere
        default: .severe
        }
    }

    package override var answerValues: [Int] { answers.map(\.rawValue) }

    package override func validate() throws(HKError) {
        try super.validate()
        try ScoredAssessmentValidation.validateCount(answers.count, expected: 9, name: "PHQ-9")
        if let question = answers.dropLast().firstIndex(of: .preferNotToAnswer) {
            throw HKError.invalidArgument(
                "Only question 9 of a PHQ-9 assessment may be answered preferNotToAnswer, not question \(question + 1)")
        }
    }

    /// An answer to a PHQ-9 question: how often over the last two weeks.
    public enum Answer: Int, Sendable, CaseIterable {
        case notAtAll = 0
        case severalDays
        case moreThanHalfTheDays
        case nearlyEveryDay
        /// The ninth question was not answered.
        case preferNotToAnswer
    }

    /// The depression risk a PHQ-9 score indicates.
    public enum Risk: Int, Sendable, CaseIterable {
        case noneToMinimal = 1
        case mild
        case moderate
        case moderatelySevere
        case severe
    }

    /// Archives the assessment and its answers.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeEnums(answers, forKey: "answers")
    }

    /// Unarchives an assessment; nil without nine known answers.
    public required init?(coder: NSCoder) {
        guard let answers = coder.decodeEnums(Answer.self, forKey: "answers"), answers.count == 9 else { return nil }
        self.answers = answers
        super.init(coder: coder)
    }
}
