public import Foundation

/// The specification of one glasses lens: the common lens values, the vertex distance, the prism and the pupillary
/// distances.
public final class HKGlassesLensSpecification: HKLensSpecification, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The distance between the back of the lens and the eye (a length).
    public let vertexDistance: HKQuantity?
    /// The prism, when one is prescribed.
    public let prism: HKVisionPrism?
    /// The pupillary distance for far vision (a length).
    public let farPupillaryDistance: HKQuantity?
    /// The pupillary distance for near vision (a length).
    public let nearPupillaryDistance: HKQuantity?

    private init(
        unchecked sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
        vertexDistance: HKQuantity?, prism: HKVisionPrism?, farPupillaryDistance: HKQuantity?,
        nearPupillaryDistance: HKQuantity?
    ) {
        self.vertexDistance = vertexDistance
        self.prism = prism
        self.farPupillaryDistance = farPupillaryDistance
        self.nearPupillaryDistance = nearPupillaryDistance
        super.init(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower)
    }

    /// A glasses lens; values in units incompatible with their kind (diopters, degrees, lengths) raise, as in
    /// HealthKit.
    public convenience init(
        sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
        vertexDistance: HKQuantity?, prism: HKVisionPrism?, farPupillaryDistance: HKQuantity?,
        nearPupillaryDistance: HKQuantity?
    ) {
        self.init(
            unchecked: sphere, cylinder: cylinder, axis: axis, addPower: addPower, vertexDistance: vertexDistance,
            prism: prism, farPupillaryDistance: farPupillaryDistance, nearPupillaryDistance: nearPupillaryDistance)
        Result { () throws(HKError) in try validate() }.getOrRaise()
    }

    /// A glasses lens as stored, not checked again.
    package static func stored(
        sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
        vertexDistance: HKQuantity?, prism: HKVisionPrism?, farPupillaryDistance: HKQuantity?,
        nearPupillaryDistance: HKQuantity?
    ) -> HKGlassesLensSpecification {
        HKGlassesLensSpecification(
            unchecked: sphere, cylinder: cylinder, axis: axis, addPower: addPower, vertexDistance: vertexDistance,
            prism: prism, farPupillaryDistance: farPupillaryDistance, nearPupillaryDistance: nearPupillaryDistance)
    }

    package override func validate() throws(HKError) {
        try super.validate()
        let length = HKUnit.meterUnit(with: .milli)
        let lengths = VisionValidation.lensLengths
        try VisionValidation.check(vertexDistance, "vertexDistance", in: length, lengths)
        try VisionValidation.check(farPupillaryDistance, "farPupillaryDistance", in: length, lengths)
        try VisionValidation.check(nearPupillaryDistance, "nearPupillaryDistance", in: length, lengths)
    }

    /// Specifications are immutable: a copy is the specification itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Specifications are equal when all their values are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKGlassesLensSpecification else { return false }
        return sameLens(as: other) && other.vertexDistance == vertexDistance && other.prism == prism
            && other.farPupillaryDistance == farPupillaryDistance
            && other.nearPupillaryDistance == nearPupillaryDistance
    }

    /// The sphere's hash.
    public override var hash: Int { sphere.hash }

    // MARK: NSSecureCoding

    /// Specifications are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives every value.
    public func encode(with coder: NSCoder) {
        encodeLens(with: coder)
        VisionQuantityCoding.encode(vertexDistance, forKey: "vertexDistance", with: coder)
        coder.encode(prism, forKey: "prism")
        VisionQuantityCoding.encode(farPupillaryDistance, forKey: "farPupillaryDistance", with: coder)
        VisionQuantityCoding.encode(nearPupillaryDistance, forKey: "nearPupillaryDistance", with: coder)
    }

    /// Unarchives a specification; nil without a sphere.
    public convenience init?(coder: NSCoder) {
        guard let sphere = VisionQuantityCoding.decode(forKey: "sphere", with: coder) else { return nil }
        self.init(
            unchecked: sphere, cylinder: VisionQuantityCoding.decode(forKey: "cylinder", with: coder),
            axis: VisionQuantityCoding.decode(forKey: "axis", with: coder),
            addPower: VisionQuantityCoding.decode(forKey: "addPower", with: coder),
            vertexDistance: VisionQuantityCoding.decode(forKey: "vertexDistance", with: coder),
            prism: coder.decodeObject(of: HKVisionPrism.self, forKey: "prism"),
            farPupillaryDistance: VisionQuantityCoding.decode(forKey: "farPupillaryDistance", with: coder),
            nearPupillaryDistance: VisionQuantityCoding.decode(forKey: "nearPupillaryDistance", with: coder))
    }
}
