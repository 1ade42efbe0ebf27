import Foundation
import OpenHealthKitModel

extension FHIRCodes {
    /// A questionnaire's LOINC codes: its total score and its questions, in order.
    struct Instrument {
        let total: Coding
        let questions: [Coding]
    }

    /// PHQ-9 and GAD-7, by their HealthKit type identifier (LOINC panels 44249-1 and 69737-5).
    static let assessments: [String: Instrument] = [
        HKScoredAssessmentTypeIdentifier.PHQ9.rawValue: Instrument(
            total: loinc("44261-6", "Patient Health Questionnaire 9 item (PHQ-9) total score [Reported]"),
            questions: [
                loinc("44250-9", "Little interest or pleasure in doing things"),
                loinc("44255-8", "Feeling down, depressed, or hopeless"),
                loinc("44259-0", "Trouble falling or staying asleep, or sleeping too much"),
                loinc("44254-1", "Feeling tired or having little energy"),
                loinc("44251-7", "Poor appetite or overeating"),
                loinc(
                    "44258-2",
                    "Feeling bad about yourself-or that you are a failure or have let yourself or your family down"),
                loinc(
                    "44252-5",
                    "Trouble concentrating on things, such as reading the newspaper or watching television"),
                loinc(
                    "44253-3",
                    "Moving or speaking so slowly that other people could have noticed. Or the opposite-being so fidgety or restless that you have been moving around a lot more than usual"
                ),
                loinc("44260-8", "Thoughts that you would be better off dead, or of hurting yourself in some way"),
            ]),
        HKScoredAssessmentTypeIdentifier.GAD7.rawValue: Instrument(
            total: loinc("70274-6", "Generalized anxiety disorder 7 item (GAD-7) total score [Reported.PHQ]"),
            questions: [
                loinc("69725-0", "Feeling nervous, anxious or on edge"),
                loinc("68509-9", "Over the past 2 weeks have you not been able to stop or control worrying"),
                loinc("69733-4", "Worrying too much about different things"),
                loinc("69734-2", "Trouble relaxing"),
                loinc("69735-9", "Being so restless that it is hard to sit still"),
                loinc("69689-8", "Becoming easily annoyed or irritable"),
                loinc("69736-7", "Feeling afraid as if something awful might happen"),
            ]),
    ]

    /// The LOINC answers of both questionnaires (answer list LL358-3), by answer raw value (0 to 3).
    static let frequencyAnswers: [Int: Coding] = [
        0: loinc("LA6568-5", "Not at all"), 1: loinc("LA6569-3", "Several days"),
        2: loinc("LA6570-1", "More than half the days"), 3: loinc("LA6571-9", "Nearly every day"),
    ]
}
