import Foundation

/// The type of the medications a person tracks (``HKUserAnnotatedMedication``), which apps read with
/// `HKUserAnnotatedMedicationQuery`.
///
/// Access is per medication: an app asks with `requestPerObjectReadAuthorization(for:predicate:)` and the user picks
/// the medications to share; the app then reads those medications and their dose events.
public final class HKUserAnnotatedMedicationType: HKObjectType, @unchecked Sendable {
    static let shared = HKUserAnnotatedMedicationType(identifier: HKDataTypeIdentifierUserAnnotatedMedicationConcept)

    /// The user decides for each medication.
    public override func requiresPerObjectAuthorization() -> Bool { true }
}

/// The identifier of ``HKUserAnnotatedMedicationType``. Its value is `"HKDataTypeUserAnnotatedMedicationConcept"`, as
/// in HealthKit.
public let HKDataTypeIdentifierUserAnnotatedMedicationConcept = "HKDataTypeUserAnnotatedMedicationConcept"
