import Foundation

/// What a scored assessment holds beyond its sample row (whose value is the score): the answers' raw values, in
/// question order.
package struct ScoredAssessmentRow: Sendable, Equatable {
    package var answers: [Int]

    package init(answers: [Int]) {
        self.answers = answers
    }
}

extension ScoredAssessmentRow {
    /// The answers as both storages keep them: their raw values in question order, comma-separated.
    package var answersText: String { answers.map(String.init).joined(separator: ",") }

    /// The answers of a stored ``answersText``.
    package init(answersText: String) {
        self.init(answers: answersText.split(separator: ",").compactMap { Int($0) })
    }
}
