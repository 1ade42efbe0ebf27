import Foundation

/// The identifier of a scored assessment type (GAD-7, PHQ-9).
public struct HKScoredAssessmentTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The raw identifier, e.g. `HKScoredAssessmentTypeIdentifierPHQ9`.
    public let rawValue: String
    /// The identifier with this raw value, known to HealthKit or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier with this raw value, known to HealthKit or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The Generalized Anxiety Disorder 7 assessment (``HKGAD7Assessment``).
    public static let GAD7 = Self(rawValue: "HKScoredAssessmentTypeIdentifierGAD7")
    /// The Patient Health Questionnaire 9 assessment (``HKPHQ9Assessment``).
    public static let PHQ9 = Self(rawValue: "HKScoredAssessmentTypeIdentifierPHQ9")

    /// The two scored assessment types.
    package static let allCases: [Self] = [.GAD7, .PHQ9]
}
