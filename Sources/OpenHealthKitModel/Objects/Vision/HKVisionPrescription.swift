public import Foundation

/// A vision prescription: its kind (glasses or contacts), when it was issued and when it expires.
///
/// Its start date is the issue date and its end date the expiration date (the issue date when it has none).
/// ``HKGlassesPrescription`` and ``HKContactsPrescription`` add each eye's lens. Reading prescriptions needs the
/// user's decision for each one (see ``HKPrescriptionType``); their images are attachments (`HKAttachmentStore`).
public class HKVisionPrescription: HKSample, @unchecked Sendable {
    /// Glasses or contacts.
    public let prescriptionType: HKVisionPrescriptionType
    /// When the prescription was issued.
    public let dateIssued: Date
    /// When it expires, if it does.
    public let expirationDate: Date?

    package init(
        uuid: UUID, prescriptionType: HKVisionPrescriptionType, dateIssued: Date, expirationDate: Date?,
        device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        self.prescriptionType = prescriptionType
        self.dateIssued = dateIssued
        self.expirationDate = expirationDate
        super.init(
            uuid: uuid, sampleType: HKObjectType.visionPrescriptionType(), start: dateIssued,
            end: expirationDate ?? dateIssued, device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// A prescription without lens details; an expiration before the issue date or invalid metadata raises, as in
    /// HealthKit.
    public convenience init(
        type: HKVisionPrescriptionType, dateIssued: Date, expirationDate: Date?, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            uuid: UUID(), prescriptionType: type, dateIssued: dateIssued, expirationDate: expirationDate,
            device: device, metadata: metadata, sourceRevision: .placeholder())
        validateOrRaise()
    }

    package override var valueDescription: String? {
        prescriptionType == .glasses ? "glasses prescription" : "contacts prescription"
    }

    /// Archives the prescription: its kind, issue date and expiration date.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(Int(prescriptionType.rawValue), forKey: "prescriptionType")
        coder.encodeDate(dateIssued, forKey: "dateIssued")
        coder.encodeDate(expirationDate, forKey: "expirationDate")
    }

    /// Unarchives a prescription; nil without a known kind or an issue date.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "prescriptionType"),
            let prescriptionType = HKVisionPrescriptionType(
                rawValue: UInt(clamping: coder.decodeInteger(forKey: "prescriptionType"))),
            let dateIssued = coder.decodeDate(forKey: "dateIssued")
        else { return nil }
        self.prescriptionType = prescriptionType
        self.dateIssued = dateIssued
        expirationDate = coder.decodeDate(forKey: "expirationDate")
        super.init(coder: coder)
    }
}
