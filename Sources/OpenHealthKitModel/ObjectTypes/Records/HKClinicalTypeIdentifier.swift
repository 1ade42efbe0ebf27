import Foundation

/// The identifier of a clinical record type: the kind of FHIR resource a health record holds.
///
/// Clinical record types are read-only: apps may ask to read them, never to write them.
public struct HKClinicalTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The raw identifier, e.g. `HKClinicalTypeIdentifierLabResultRecord`.
    public let rawValue: String
    /// The identifier with this raw value, known to HealthKit or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier with this raw value, known to HealthKit or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Records of allergic or intolerant reactions (FHIR `AllergyIntolerance`).
    public static let allergyRecord = Self(rawValue: "HKClinicalTypeIdentifierAllergyRecord")
    /// Records of clinical notes (FHIR `DocumentReference`).
    public static let clinicalNoteRecord = Self(rawValue: "HKClinicalTypeIdentifierClinicalNoteRecord")
    /// Records of a condition, problem, diagnosis or other event (FHIR `Condition`).
    public static let conditionRecord = Self(rawValue: "HKClinicalTypeIdentifierConditionRecord")
    /// Records of insurance coverage (FHIR `Coverage`).
    public static let coverageRecord = Self(rawValue: "HKClinicalTypeIdentifierCoverageRecord")
    /// Records of vaccines given (FHIR `Immunization`).
    public static let immunizationRecord = Self(rawValue: "HKClinicalTypeIdentifierImmunizationRecord")
    /// Records of lab results (FHIR `Observation`, `DiagnosticReport`).
    public static let labResultRecord = Self(rawValue: "HKClinicalTypeIdentifierLabResultRecord")
    /// Records of medications (FHIR `MedicationStatement`, `MedicationRequest`, `MedicationOrder`,
    /// `MedicationDispense`).
    public static let medicationRecord = Self(rawValue: "HKClinicalTypeIdentifierMedicationRecord")
    /// Records of procedures (FHIR `Procedure`).
    public static let procedureRecord = Self(rawValue: "HKClinicalTypeIdentifierProcedureRecord")
    /// Records of vital signs (FHIR `Observation`).
    public static let vitalSignRecord = Self(rawValue: "HKClinicalTypeIdentifierVitalSignRecord")

    /// The nine clinical record types, in the order Health lists them.
    package static let allCases: [Self] = [
        .allergyRecord, .clinicalNoteRecord, .conditionRecord, .coverageRecord, .immunizationRecord,
        .labResultRecord, .medicationRecord, .procedureRecord, .vitalSignRecord,
    ]
}
