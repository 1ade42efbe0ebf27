public import Foundation

/// The specification of one contact lens: the common lens values, the base curve and the diameter.
public final class HKContactsLensSpecification: HKLensSpecification, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The curvature of the lens's back surface (a length).
    public let baseCurve: HKQuantity?
    /// The lens's width from edge to edge (a length).
    public let diameter: HKQuantity?

    private init(
        unchecked sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
        baseCurve: HKQuantity?, diameter: HKQuantity?
    ) {
        self.baseCurve = baseCurve
        self.diameter = diameter
        super.init(sphere: sphere, cylinder: cylinder, axis: axis, addPower: addPower)
    }

    /// A contact lens; values in units incompatible with their kind (diopters, degrees, lengths) raise, as in
    /// HealthKit.
    public convenience init(
        sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?, baseCurve: HKQuantity?,
        diameter: HKQuantity?
    ) {
        self.init(
            unchecked: sphere, cylinder: cylinder, axis: axis, addPower: addPower, baseCurve: baseCurve,
            diameter: diameter)
        Result { () throws(HKError) in try validate() }.getOrRaise()
    }

    /// A contact lens as stored, not checked again.
    package static func stored(
        sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?, baseCurve: HKQuantity?,
        diameter: HKQuantity?
    ) -> HKContactsLensSpecification {
        HKContactsLensSpecification(
            unchecked: sphere, cylinder: cylinder, axis: axis, addPower: addPower, baseCurve: baseCurve,
            diameter: diameter)
    }

    package override func validate() throws(HKError) {
        try super.validate()
        let length = HKUnit.meterUnit(with: .milli)
        try VisionValidation.check(baseCurve, "baseCurve", in: length, VisionValidation.lensLengths)
        try VisionValidation.check(diameter, "diameter", in: length, VisionValidation.lensLengths)
    }

    /// Specifications are immutable: a copy is the specification itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Specifications are equal when all their values are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKContactsLensSpecification else { return false }
        return sameLens(as: other) && other.baseCurve == baseCurve && other.diameter == diameter
    }

    /// The sphere's hash.
    public override var hash: Int { sphere.hash }

    // MARK: NSSecureCoding

    /// Specifications are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives every value.
    public func encode(with coder: NSCoder) {
        encodeLens(with: coder)
        VisionQuantityCoding.encode(baseCurve, forKey: "baseCurve", with: coder)
        VisionQuantityCoding.encode(diameter, forKey: "diameter", with: coder)
    }

    /// Unarchives a specification; nil without a sphere.
    public convenience init?(coder: NSCoder) {
        guard let sphere = VisionQuantityCoding.decode(forKey: "sphere", with: coder) else { return nil }
        self.init(
            unchecked: sphere, cylinder: VisionQuantityCoding.decode(forKey: "cylinder", with: coder),
            axis: VisionQuantityCoding.decode(forKey: "axis", with: coder),
            addPower: VisionQuantityCoding.decode(forKey: "addPower", with: coder),
            baseCurve: VisionQuantityCoding.decode(forKey: "baseCurve", with: coder),
            diameter: VisionQuantityCoding.decode(forKey: "diameter", with: coder))
    }
}
