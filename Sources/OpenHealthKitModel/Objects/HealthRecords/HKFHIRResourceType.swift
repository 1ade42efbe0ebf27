import Foundation

/// The type of a FHIR resource: its `resourceType` field (`"Observation"`, `"Condition"`...).
public struct HKFHIRResourceType: RawRepresentable, Hashable, Sendable {
    /// The resource type as FHIR spells it, e.g. `"Observation"`.
    public let rawValue: String
    /// The resource type with this raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The resource type with this raw value.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `AllergyIntolerance`.
    public static let allergyIntolerance = Self(rawValue: "AllergyIntolerance")
    /// `Condition`.
    public static let condition = Self(rawValue: "Condition")
    /// `Coverage`.
    public static let coverage = Self(rawValue: "Coverage")
    /// `DiagnosticReport`.
    public static let diagnosticReport = Self(rawValue: "DiagnosticReport")
    /// `DocumentReference`.
    public static let documentReference = Self(rawValue: "DocumentReference")
    /// `Immunization`.
    public static let immunization = Self(rawValue: "Immunization")
    /// `MedicationDispense`.
    public static let medicationDispense = Self(rawValue: "MedicationDispense")
    /// `MedicationOrder` (DSTU2).
    public static let medicationOrder = Self(rawValue: "MedicationOrder")
    /// `MedicationRequest` (R4).
    public static let medicationRequest = Self(rawValue: "MedicationRequest")
    /// `MedicationStatement`.
    public static let medicationStatement = Self(rawValue: "MedicationStatement")
    /// `Observation`.
    public static let observation = Self(rawValue: "Observation")
    /// `Procedure`.
    public static let procedure = Self(rawValue: "Procedure")
}
