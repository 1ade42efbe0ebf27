import Foundation
import Testing
@testable import OpenHealthKitModel

/// HKStateOfMind and the scored assessments: the valence's range and classification, answer counts, scores and
/// risk bands as HealthKit defines them.
@Suite struct MindTests {
    static let seventh = 1.0 / 7
    static let bands: [(Double, HKStateOfMind.ValenceClassification)] = [
        (-1, .veryUnpleasant), (-5 * seventh - 1e-9, .veryUnpleasant), (-5 * seventh, .unpleasant),
        (-3 * seventh, .slightlyUnpleasant), (-seventh - 1e-9, .slightlyUnpleasant), (-seventh, .neutral),
        (0, .neutral),
        (seventh, .neutral), (seventh + 1e-9, .slightlyPleasant), (3 * seventh, .slightlyPleasant),
        (3 * seventh + 1e-9, .pleasant), (5 * seventh + 1e-9, .veryPleasant), (1, .veryPleasant),
    ]

    @Test(arguments: bands)
    func theValenceFallsInOneOfSevenBands(_ valence: Double, _ expected: HKStateOfMind.ValenceClassification) {
        #expect(HKStateOfMind.ValenceClassification(valence: valence) == expected)
    }

    @Test(arguments: [1.0001, -1.5, .nan, .infinity])
    func aValenceOutsideMinusOneToOneIsRefused(_ valence: Double) {
        #expect(HKStateOfMind.ValenceClassification(valence: valence) == nil)
        expectInvalidArgument("out of range") {
            _ = try HKStateOfMind(
                validating: Fixture.start, kind: .momentaryEmotion, valence: valence, labels: [.calm], associations: [])
        }
    }

    @Test func labelsAssociationsAndKindsHaveHealthKitsRawValues() {
        #expect(HKStateOfMind.Kind.momentaryEmotion.rawValue == 1)
        #expect(HKStateOfMind.Kind.dailyMood.rawValue == 2)
        #expect(HKStateOfMind.Label.amazed.rawValue == 1)
        #expect(HKStateOfMind.Label.allCases.count == 38)
        #expect(HKStateOfMind.Association.community.rawValue == 1)
        #expect(HKStateOfMind.Association.allCases.count == 18)
        #expect(HKStateOfMind.ValenceClassification.neutral.rawValue == 4)
    }

    @Test(arguments: [
        (0, HKGAD7Assessment.Risk.noneToMinimal), (4, .noneToMinimal), (5, .mild), (9, .mild), (10, .moderate),
        (14, .moderate), (15, .severe), (21, .severe),
    ])
    func aGAD7ScoreGivesItsAnxietyRisk(_ score: Int, _ risk: HKGAD7Assessment.Risk) throws {
        let answers = Self.answers(adding: score, count: 7, maximum: 3).map { HKGAD7Assessment.Answer(rawValue: $0)! }
        let assessment = try HKGAD7Assessment(validating: Fixture.start, answers: answers)
        #expect(assessment.score == score)
        #expect(assessment.risk == risk)
    }

    @Test(arguments: [
        (0, HKPHQ9Assessment.Risk.noneToMinimal), (5, .mild), (10, .moderate), (15, .moderatelySevere),
        (19, .moderatelySevere), (20, .severe), (27, .severe),
    ])
    func aPHQ9ScoreGivesItsDepressionRisk(_ score: Int, _ risk: HKPHQ9Assessment.Risk) throws {
        let answers = Self.answers(adding: score, count: 9, maximum: 3).map { HKPHQ9Assessment.Answer(rawValue: $0)! }
        let assessment = try HKPHQ9Assessment(validating: Fixture.start, answers: answers)
        #expect(assessment.score == score)
        #expect(assessment.risk == risk)
    }

    @Test func aGAD7AssessmentHasExactlySevenAnswers() {
        expectInvalidArgument("exactly 7 answers, not 6") {
            _ = try HKGAD7Assessment(validating: Fixture.start, answers: Array(repeating: .notAtAll, count: 6))
        }
    }

    @Test func onlyTheNinthPHQ9QuestionMayGoUnanswered() throws {
        var answers = Array(repeating: HKPHQ9Assessment.Answer.severalDays, count: 9)
        answers[8] = .preferNotToAnswer
        #expect(try HKPHQ9Assessment(validating: Fixture.start, answers: answers).score == 8)
        answers[3] = .preferNotToAnswer
        expectInvalidArgument("not question 4") {
            _ = try HKPHQ9Assessment(validating: Fixture.start, answers: answers)
        }
    }

    /// `count` answers of at most `maximum` that add up to `total`, the largest first.
    static func answers(adding total: Int, count: Int, maximum: Int) -> [Int] {
        var left = total
        return (0..<count).map { _ in
            let answer = min(maximum, left)
            left -= answer
            return answer
        }
    }
}
