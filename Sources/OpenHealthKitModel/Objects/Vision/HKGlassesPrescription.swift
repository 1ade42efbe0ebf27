public import Foundation

/// A glasses prescription: each eye's lens.
public final class HKGlassesPrescription: HKVisionPrescription, @unchecked Sendable {
    /// The right lens.
    public let rightEye: HKGlassesLensSpecification?
    /// The left lens.
    public let leftEye: HKGlassesLensSpecification?

    package init(
        uuid: UUID, rightEye: HKGlassesLensSpecification?, leftEye: HKGlassesLensSpecification?, dateIssued: Date,
        expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        self.rightEye = rightEye
        self.leftEye = leftEye
        super.init(
            uuid: uuid, prescriptionType: .glasses, dateIssued: dateIssued, expirationDate: expirationDate,
            device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// A glasses prescription; a prism for the wrong eye, an expiration before the issue date or invalid metadata
    /// raises, as in HealthKit.
    public convenience init(
        rightEyeSpecification: HKGlassesLensSpecification?, leftEyeSpecification: HKGlassesLensSpecification?,
        dateIssued: Date, expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            uuid: UUID(), rightEye: rightEyeSpecification, leftEye: leftEyeSpecification, dateIssued: dateIssued,
            expirationDate: expirationDate, device: device, metadata: metadata, sourceRevision: .placeholder())
        validateOrRaise()
    }

    package override func validate() throws(HKError) {
        try super.validate()
        for (lens, eye) in [(rightEye, HKVisionEye.right), (leftEye, .left)] {
            try lens?.validate()
            if let prism = lens?.prism, prism.eye != eye {
                throw HKError.invalidArgument(
                    "The \(eye == .right ? "right" : "left") lens has a prism for the other eye")
            }
        }
    }

    /// Archives the prescription and each eye's lens.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(rightEye, forKey: "rightEye")
        coder.encode(leftEye, forKey: "leftEye")
    }

    /// Unarchives a glasses prescription; an eye without an archived lens has none.
    public required init?(coder: NSCoder) {
        rightEye = coder.decodeIfPresent(HKGlassesLensSpecification.self, forKey: "rightEye")
        leftEye = coder.decodeIfPresent(HKGlassesLensSpecification.self, forKey: "leftEye")
        super.init(coder: coder)
    }
}
