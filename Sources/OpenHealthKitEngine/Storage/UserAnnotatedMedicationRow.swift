import Foundation

/// A medication the owner tracks (`HKUserAnnotatedMedication` with its `HKMedicationConcept`). Not a sample: it has
/// no dates and is changed in place.
package struct UserAnnotatedMedicationRow: Sendable, Equatable {
    /// The concept's code, unique in the store; dose events refer to it.
    package var conceptCode: String
    package var displayText: String
    /// The `HKMedicationGeneralForm` raw value.
    package var generalForm: String
    package var relatedCodings: [ClinicalCodingRow]
    package var nickname: String?
    package var isArchived: Bool
    package var hasSchedule: Bool

    package init(
        conceptCode: String, displayText: String, generalForm: String, relatedCodings: [ClinicalCodingRow],
        nickname: String?, isArchived: Bool, hasSchedule: Bool
    ) {
        self.conceptCode = conceptCode
        self.displayText = displayText
        self.generalForm = generalForm
        self.relatedCodings = relatedCodings
        self.nickname = nickname
        self.isArchived = isArchived
        self.hasSchedule = hasSchedule
    }
}

/// A code of a medical terminology (`HKClinicalCoding`).
package struct ClinicalCodingRow: Sendable, Hashable {
    package var system: String
    package var version: String?
    package var code: String

    package init(system: String, version: String?, code: String) {
        self.system = system
        self.version = version
        self.code = code
    }
}
