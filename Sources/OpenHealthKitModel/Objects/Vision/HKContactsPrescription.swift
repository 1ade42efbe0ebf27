public import Foundation

/// A contact lens prescription: each eye's lens and the prescribed brand.
public final class HKContactsPrescription: HKVisionPrescription, @unchecked Sendable {
    /// The right lens.
    public let rightEye: HKContactsLensSpecification?
    /// The left lens.
    public let leftEye: HKContactsLensSpecification?
    /// The brand prescribed after the lens fitting.
    public let brand: String

    package init(
        uuid: UUID, rightEye: HKContactsLensSpecification?, leftEye: HKContactsLensSpecification?, brand: String,
        dateIssued: Date, expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) {
        self.rightEye = rightEye
        self.leftEye = leftEye
        self.brand = brand
        super.init(
            uuid: uuid, prescriptionType: .contacts, dateIssued: dateIssued, expirationDate: expirationDate,
            device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// A contact lens prescription; an expiration before the issue date or invalid metadata raises, as in HealthKit.
    public convenience init(
        rightEyeSpecification: HKContactsLensSpecification?, leftEyeSpecification: HKContactsLensSpecification?,
        brand: String, dateIssued: Date, expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            uuid: UUID(), rightEye: rightEyeSpecification, leftEye: leftEyeSpecification, brand: brand,
            dateIssued: dateIssued, expirationDate: expirationDate, device: device, metadata: metadata,
            sourceRevision: .placeholder())
        validateOrRaise()
    }

    package override func validate() throws(HKError) {
        try super.validate()
        try rightEye?.validate()
        try leftEye?.validate()
    }

    /// Archives the prescription, each eye's lens and the brand.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(rightEye, forKey: "rightEye")
        coder.encode(leftEye, forKey: "leftEye")
        coder.encodeString(brand, forKey: "brand")
    }

    /// Unarchives a contact lens prescription; nil without a brand. An eye without an archived lens has none.
    public required init?(coder: NSCoder) {
        guard let brand = coder.decodeString(forKey: "brand") else { return nil }
        rightEye = coder.decodeIfPresent(HKContactsLensSpecification.self, forKey: "rightEye")
        leftEye = coder.decodeIfPresent(HKContactsLensSpecification.self, forKey: "leftEye")
        self.brand = brand
        super.init(coder: coder)
    }
}
