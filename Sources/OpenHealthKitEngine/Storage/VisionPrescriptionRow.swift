import Foundation

/// What a vision prescription holds beyond its sample row (whose start is the issue date): its type, expiration,
/// brand and lenses.
package struct VisionPrescriptionRow: Sendable, Equatable {
    /// The `HKVisionPrescriptionType` raw value.
    package var prescriptionType: Int
    /// Seconds since 1970; nil when it does not expire (the sample then ends when it starts).
    package var expirationDate: Double?
    /// A contact lens prescription's brand.
    package var brand: String?
    /// At most one lens per eye; a storage returns the right eye's first (as exports list them).
    package var lenses: [VisionLensRow]

    package init(prescriptionType: Int, expirationDate: Double?, brand: String?, lenses: [VisionLensRow]) {
        self.prescriptionType = prescriptionType
        self.expirationDate = expirationDate
        self.brand = brand
        self.lenses = lenses
    }
}

/// One eye's lens, in fixed units: diopters (D) for powers, degrees for angles, millimetres for lengths, prism
/// diopters (pD) for prism amounts.
package struct VisionLensRow: Sendable, Equatable {
    /// The `HKVisionEye` raw value.
    package var eye: Int
    package var sphere: Double
    package var cylinder: Double?
    package var axis: Double?
    package var addPower: Double?
    package var vertexDistance: Double?
    package var prismAmount: Double?
    package var prismAngle: Double?
    package var prismVerticalAmount: Double?
    /// The `HKPrismBase` raw value.
    package var prismVerticalBase: Int?
    package var prismHorizontalAmount: Double?
    /// The `HKPrismBase` raw value.
    package var prismHorizontalBase: Int?
    package var farPupillaryDistance: Double?
    package var nearPupillaryDistance: Double?
    package var baseCurve: Double?
    package var diameter: Double?

    package init(eye: Int, sphere: Double) {
        self.eye = eye
        self.sphere = sphere
    }
}
