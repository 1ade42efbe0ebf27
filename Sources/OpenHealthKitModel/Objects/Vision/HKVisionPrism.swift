public import Foundation

/// The prism of a glasses lens, which corrects double vision: in polar notation (an amount in prism diopters and the
/// angle of the base) and in rectangular notation (a vertical and a horizontal amount, each with its base).
///
/// Either notation gives the other. Angles are in degrees, counterclockwise as the examiner sees the patient: 90° is
/// base up and 270° base down for both eyes; 0° is base in for the right eye and base out for the left, 180° the
/// reverse.
public final class HKVisionPrism: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The compensation in prism diopters (polar notation).
    public let amount: HKQuantity
    /// The direction of the prism's base (polar notation), an angle in [0°, 360°).
    public let angle: HKQuantity
    /// The vertical compensation in prism diopters (rectangular notation).
    public let verticalAmount: HKQuantity
    /// The horizontal compensation in prism diopters (rectangular notation).
    public let horizontalAmount: HKQuantity
    /// The vertical base: up, down, or none.
    public let verticalBase: HKPrismBase
    /// The horizontal base: in (toward the nose), out, or none.
    public let horizontalBase: HKPrismBase
    /// The eye the prism is for.
    public let eye: HKVisionEye

    private init(
        amount: HKQuantity, angle: HKQuantity, verticalAmount: HKQuantity, verticalBase: HKPrismBase,
        horizontalAmount: HKQuantity, horizontalBase: HKPrismBase, eye: HKVisionEye
    ) {
        self.amount = amount
        self.angle = angle
        self.verticalAmount = verticalAmount
        self.verticalBase = verticalBase
        self.horizontalAmount = horizontalAmount
        self.horizontalBase = horizontalBase
        self.eye = eye
        super.init()
    }

    /// A prism of `amount` (prism diopters) with its base at `angle` (an angle), for `eye`; incompatible units, a
    /// negative amount or an angle outside [0°, 360°) raise, as in HealthKit.
    public convenience init(amount: HKQuantity, angle: HKQuantity, eye: HKVisionEye) {
        self.init(copying: Self.validating(amount: amount, angle: angle, eye: eye).getOrRaise())
    }

    /// A prism of vertical and horizontal components, each in prism diopters with its base; incompatible units, a
    /// negative amount or a base on the wrong axis raise, as in HealthKit.
    public convenience init(
        verticalAmount: HKQuantity, verticalBase: HKPrismBase, horizontalAmount: HKQuantity,
        horizontalBase: HKPrismBase, eye: HKVisionEye
    ) {
        self.init(
            copying: Self.validating(
                vertical: verticalAmount, verticalBase: verticalBase, horizontal: horizontalAmount,
                horizontalBase: horizontalBase, eye: eye
            ).getOrRaise())
    }

    private convenience init(copying prism: HKVisionPrism) {
        self.init(
            amount: prism.amount, angle: prism.angle, verticalAmount: prism.verticalAmount,
            verticalBase: prism.verticalBase, horizontalAmount: prism.horizontalAmount,
            horizontalBase: prism.horizontalBase, eye: prism.eye)
    }

    /// The polar form checked and converted to the rectangular one.
    package static func validating(amount: HKQuantity, angle: HKQuantity, eye: HKVisionEye) -> Result<
        HKVisionPrism, HKError
    > {
        Result { () throws(HKError) -> HKVisionPrism in
            try VisionValidation.check(amount, "The prism amount", in: .prismDiopter(), 0...1_000)
            try VisionValidation.check(angle, "The prism angle", in: .degreeAngle(), 0...360)
            let degrees = try! angle.convertedValue(to: .degreeAngle())
            guard degrees < 360 else { throw HKError.invalidArgument("The prism angle must be less than 360°") }
            let diopters = try! amount.convertedValue(to: .prismDiopter())
            let radians = degrees * .pi / 180
            let vertical = Self.rounded(diopters * sin(radians)), horizontal = Self.rounded(diopters * cos(radians))
            let verticalBase: HKPrismBase = vertical > 0 ? .up : vertical < 0 ? .down : .none
            let towardZero: HKPrismBase = eye == .right ? .in : .out
            let towardHalfTurn: HKPrismBase = eye == .right ? .out : .in
            let horizontalBase: HKPrismBase = horizontal > 0 ? towardZero : horizontal < 0 ? towardHalfTurn : .none
            return HKVisionPrism(
                amount: amount, angle: angle,
                verticalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: abs(vertical)),
                verticalBase: verticalBase,
                horizontalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: abs(horizontal)),
                horizontalBase: horizontalBase, eye: eye)
        }
    }

    /// The rectangular form checked and converted to the polar one.
    package static func validating(
        vertical: HKQuantity, verticalBase: HKPrismBase, horizontal: HKQuantity, horizontalBase: HKPrismBase,
        eye: HKVisionEye
    ) -> Result<HKVisionPrism, HKError> {
        Result { () throws(HKError) -> HKVisionPrism in
            try VisionValidation.check(vertical, "The vertical prism amount", in: .prismDiopter(), 0...1_000)
            try VisionValidation.check(horizontal, "The horizontal prism amount", in: .prismDiopter(), 0...1_000)
            guard [.none, .up, .down].contains(verticalBase) else {
                throw HKError.invalidArgument("The vertical prism base must be up, down or none")
            }
            guard [.none, .in, .out].contains(horizontalBase) else {
                throw HKError.invalidArgument("The horizontal prism base must be in, out or none")
            }
            let v = try! vertical.convertedValue(to: .prismDiopter())
            let h = try! horizontal.convertedValue(to: .prismDiopter())
            let y = verticalBase == .down ? -v : verticalBase == .up ? v : 0
            let towardZero: HKPrismBase = eye == .right ? .in : .out
            let x = horizontalBase == .none ? 0 : horizontalBase == towardZero ? h : -h
            var degrees = atan2(y, x) * 180 / .pi
            if degrees < 0 { degrees += 360 }
            return HKVisionPrism(
                amount: HKQuantity(unit: .prismDiopter(), doubleValue: Self.rounded((x * x + y * y).squareRoot())),
                angle: HKQuantity(unit: .degreeAngle(), doubleValue: Self.rounded(degrees)), verticalAmount: vertical,
                verticalBase: verticalBase, horizontalAmount: horizontal, horizontalBase: horizontalBase, eye: eye)
        }
    }

    /// Twelve significant decimals, so that a conversion does not leave 1e-16 residues (cos 90° is not 0 in
    /// floating point).
    private static func rounded(_ value: Double) -> Double {
        (value * 1e12).rounded() / 1e12
    }

    /// Prisms are immutable: a copy is the prism itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Prisms are equal when their notations and eye are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKVisionPrism else { return false }
        return other.amount == amount && other.angle == angle && other.verticalAmount == verticalAmount
            && other.horizontalAmount == horizontalAmount && other.verticalBase == verticalBase
            && other.horizontalBase == horizontalBase && other.eye == eye
    }

    /// The amount's hash.
    public override var hash: Int { amount.hash }

    // MARK: NSSecureCoding

    /// Prisms are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives both notations and the eye.
    public func encode(with coder: NSCoder) {
        VisionQuantityCoding.encode(amount, forKey: "amount", with: coder)
        VisionQuantityCoding.encode(angle, forKey: "angle", with: coder)
        VisionQuantityCoding.encode(verticalAmount, forKey: "verticalAmount", with: coder)
        VisionQuantityCoding.encode(horizontalAmount, forKey: "horizontalAmount", with: coder)
        coder.encode(verticalBase.rawValue, forKey: "verticalBase")
        coder.encode(horizontalBase.rawValue, forKey: "horizontalBase")
        coder.encode(eye.rawValue, forKey: "eye")
    }

    /// Unarchives a prism; nil when a field is missing or out of range.
    public init?(coder: NSCoder) {
        guard let amount = VisionQuantityCoding.decode(forKey: "amount", with: coder),
            let angle = VisionQuantityCoding.decode(forKey: "angle", with: coder),
            let verticalAmount = VisionQuantityCoding.decode(forKey: "verticalAmount", with: coder),
            let horizontalAmount = VisionQuantityCoding.decode(forKey: "horizontalAmount", with: coder),
            let verticalBase = HKPrismBase(rawValue: coder.decodeInteger(forKey: "verticalBase")),
            let horizontalBase = HKPrismBase(rawValue: coder.decodeInteger(forKey: "horizontalBase")),
            let eye = HKVisionEye(rawValue: coder.decodeInteger(forKey: "eye"))
        else { return nil }
        self.amount = amount
        self.angle = angle
        self.verticalAmount = verticalAmount
        self.horizontalAmount = horizontalAmount
        self.verticalBase = verticalBase
        self.horizontalBase = horizontalBase
        self.eye = eye
        super.init()
    }
}
