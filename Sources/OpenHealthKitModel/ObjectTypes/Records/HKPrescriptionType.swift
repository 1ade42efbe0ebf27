import Foundation

/// The type of vision prescriptions (``HKVisionPrescription``).
///
/// Reading them needs the user's decision for each prescription: an app reads the ones it saved, and the others the
/// user picked when it called `requestPerObjectReadAuthorization(for:predicate:)`.
public final class HKPrescriptionType: HKSampleType, @unchecked Sendable {
    static let shared = HKPrescriptionType(identifier: HKVisionPrescriptionTypeIdentifier, isShareable: true)

    /// The user decides for each prescription.
    public override func requiresPerObjectAuthorization() -> Bool { true }
}

/// The identifier of ``HKPrescriptionType``.
public let HKVisionPrescriptionTypeIdentifier = "HKVisionPrescriptionTypeIdentifier"
