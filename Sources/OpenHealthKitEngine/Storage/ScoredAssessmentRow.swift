import Foundation

/// What a scored assessment holds beyond its sample row (whose value is the score): the answers' raw values, in
/// question order.
package struct ScoredAssessmentRow: Sendable, Equatable {
    package var answers: [Int]

    package init(answers: [Int]) {
        self.answers = answers
    }
}
