public import Foundation

/// What glasses and contact lens specifications share: the sphere, and the cylinder, axis and add power when
/// prescribed. The abstract superclass of ``HKGlassesLensSpecification`` and ``HKContactsLensSpecification``.
public class HKLensSpecification: NSObject, @unchecked Sendable {
    /// The power correcting near- (negative) or far-sightedness (positive), in diopters.
    public let sphere: HKQuantity
    /// The power correcting astigmatism, in diopters.
    public let cylinder: HKQuantity?
    /// The angle of the cylinder, from 0° to 180°.
    public let axis: HKQuantity?
    /// The extra power of a multifocal lens's near part, correcting presbyopia, in diopters.
    public let addPower: HKQuantity?

    package init(sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?) {
        self.sphere = sphere
        self.cylinder = cylinder
        self.axis = axis
        self.addPower = addPower
        super.init()
    }

    /// Units compatible with diopters and degrees, powers within ``VisionValidation/lensPowers`` (the add power not
    /// negative), an axis within 0°...180°.
    package func validate() throws(HKError) {
        let powers = VisionValidation.lensPowers
        try VisionValidation.check(sphere, "sphere", in: .diopter(), powers)
        try VisionValidation.check(cylinder, "cylinder", in: .diopter(), powers)
        try VisionValidation.check(axis, "axis", in: .degreeAngle(), 0...180)
        try VisionValidation.check(addPower, "addPower", in: .diopter(), 0...powers.upperBound)
    }

    func encodeLens(with coder: NSCoder) {
        VisionQuantityCoding.encode(sphere, forKey: "sphere", with: coder)
        VisionQuantityCoding.encode(cylinder, forKey: "cylinder", with: coder)
        VisionQuantityCoding.encode(axis, forKey: "axis", with: coder)
        VisionQuantityCoding.encode(addPower, forKey: "addPower", with: coder)
    }

    func sameLens(as other: HKLensSpecification) -> Bool {
        other.sphere == sphere && other.cylinder == cylinder && other.axis == axis && other.addPower == addPower
    }
}
