public import Foundation

/// A GAD-7 (Generalized Anxiety Disorder 7) assessment: seven answers, their score (0–21) and the anxiety risk it
/// indicates.
public final class HKGAD7Assessment: HKScoredAssessment, @unchecked Sendable {
    /// The seven answers, in question order.
    public let answers: [Answer]

    package init(
        uuid: UUID, date: Date, answers: [Answer], device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) {
        self.answers = answers
        super.init(
            uuid: uuid, type: HKScoredAssessmentType(.GAD7), date: date,
            score: answers.reduce(0) { $0 + $1.rawValue }, device: device, metadata: metadata,
            sourceRevision: sourceRevision)
    }

    /// An assessment at `date` with exactly seven answers; any other number, or invalid metadata, raises, as in
    /// HealthKit.
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

    /// The anxiety risk of the score: 0–4 none to minimal, 5–9 mild, 10–14 moderate, 15–21 severe.
    public var risk: Risk {
        switch score {
        case ..<5: .noneToMinimal
        case ..<10: .mild
        case ..<15: .moderate
        default: .severe
        }
    }

    package override var answerValues: [Int] { answers.map(\.rawValue) }

    package override func validate() throws(HKError) {
        try super.validate()
        try ScoredAssessmentValidation.validateCount(answers.count, expected: 7, name: "GAD-7")
    }

    /// An answer to a GAD-7 question: how often over the last two weeks.
    public enum Answer: Int, Sendable, CaseIterable {
        case notAtAll = 0
        case severalDays
        case moreThanHalfTheDays
        case nearlyEveryDay
    }

    /// The anxiety risk a GAD-7 score indicates.
    public enum Risk: Int, Sendable, CaseIterable {
        case noneToMinimal = 1
        case mild
        case moderate
        case severe
    }

    /// Archives the assessment and its answers.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeEnums(answers, forKey: "answers")
    }

    /// Unarchives an assessment; nil without seven known answers.
    public required init?(coder: NSCoder) {
        guard let answers = coder.decodeEnums(Answer.self, forKey: "answers"), answers.count == 7 else { return nil }
        self.answers = answers
        super.init(coder: coder)
    }
}
