import Foundation

/// The type of medication dose events (``HKMedicationDoseEvent``): the doses a person logged as taken, skipped...
///
/// Apps read dose events and never write them (the owner logs them in Health or with `hk`). An app reads the dose
/// events of the medications the user shared with it (see ``HKUserAnnotatedMedicationType``).
public final class HKMedicationDoseEventType: HKSampleType, @unchecked Sendable {
    static let shared = HKMedicationDoseEventType(
        identifier: HKMedicationDoseEventTypeIdentifierMedicationDoseEvent, isShareable: false)
}

/// The identifier of ``HKMedicationDoseEventType``.
public let HKMedicationDoseEventTypeIdentifierMedicationDoseEvent =
    "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent"
