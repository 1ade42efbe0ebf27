import Foundation

/// The type of a scored assessment (``HKGAD7Assessment``, ``HKPHQ9Assessment``).
public final class HKScoredAssessmentType: HKSampleType, @unchecked Sendable {
    /// The type for an identifier of the catalog. An identifier the catalog does not know raises, as in HealthKit.
    public convenience init(_ identifier: HKScoredAssessmentTypeIdentifier) {
        guard HKScoredAssessmentTypeIdentifier.allCases.contains(identifier) else {
            raiseInvalidArgumentException("Unknown scored assessment type identifier \(identifier.rawValue)")
        }
        self.init(identifier: identifier.rawValue, isShareable: true)
    }

    static func catalogType(_ identifier: HKScoredAssessmentTypeIdentifier) -> HKScoredAssessmentType? {
        HKScoredAssessmentTypeIdentifier.allCases.contains(identifier) ? HKScoredAssessmentType(identifier) : nil
    }
}
