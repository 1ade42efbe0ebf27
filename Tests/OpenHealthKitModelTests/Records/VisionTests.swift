import Foundation
import Testing
@testable import OpenHealthKitModel

/// Vision prescriptions' parts: prisms in their polar and rectangular forms, lens values in the units HealthKit
/// requires, and archiving.
@Suite struct VisionTests {
    static func pd(_ value: Double) -> HKQuantity { HKQuantity(unit: .prismDiopter(), doubleValue: value) }
    static func degrees(_ value: Double) -> HKQuantity { HKQuantity(unit: .degreeAngle(), doubleValue: value) }

    @Test(arguments: [
        (0.0, HKVisionEye.right, HKPrismBase.none, HKPrismBase.in), (0, .left, .none, .out),
        (90, .right, .up, .none), (180, .right, .none, .out), (180, .left, .none, .in), (270, .left, .down, .none),
    ])
    func aPrismsAngleGivesItsBases(
        _ angle: Double, _ eye: HKVisionEye, _ vertical: HKPrismBase, _ horizontal: HKPrismBase
    ) {
        let prism = HKVisionPrism(amount: Self.pd(2), angle: Self.degrees(angle), eye: eye)
        #expect(prism.verticalBase == vertical)
        #expect(prism.horizontalBase == horizontal)
        #expect(
            prism.verticalAmount.doubleValue(for: .prismDiopter())
                + prism.horizontalAmount.doubleValue(for: .prismDiopter())
                == 2)
    }

    @Test func aPrismGivenByItsComponentsHasTheMatchingAmountAndAngle() {
        let prism = HKVisionPrism(
            verticalAmount: Self.pd(3), verticalBase: .down, horizontalAmount: Self.pd(4), horizontalBase: .out,
            eye: .right)
        #expect(prism.amount.doubleValue(for: .prismDiopter()) == 5)
        let angle = prism.angle.doubleValue(for: .degreeAngle())
        #expect(abs(angle - (180 + atan2(3.0, 4.0) * 180 / .pi)) < 1e-9)
        let again = HKVisionPrism(amount: prism.amount, angle: prism.angle, eye: .right)
        #expect(abs(again.verticalAmount.doubleValue(for: .prismDiopter()) - 3) < 1e-9)
        #expect(again.verticalBase == .down && again.horizontalBase == .out)
    }

    @Test func prismValuesOutsideTheirRangeOrUnitsAreRefused() {
        let refusals: [() throws -> Void] = [
            { _ = try HKVisionPrism.validating(amount: Self.pd(-1), angle: Self.degrees(0), eye: .left).get() },
            { _ = try HKVisionPrism.validating(amount: Self.pd(1), angle: Self.degrees(360), eye: .left).get() },
            {
                _ = try HKVisionPrism.validating(
                    amount: HKQuantity(unit: .meter(), doubleValue: 1), angle: Self.degrees(0), eye: .left
                ).get()
            },
            {
                _ = try HKVisionPrism.validating(
                    vertical: Self.pd(1), verticalBase: .in, horizontal: Self.pd(0), horizontalBase: .none,
                    eye: .left
                ).get()
            },
        ]
        for refusal in refusals {
            let error = #expect(throws: HKError.self) { try refusal() }
            #expect(error?.code == .errorInvalidArgument)
        }
    }

    @Test func lensValuesMustBeInTheirKindOfUnit() {
        let inMetres = HKGlassesLensSpecification.stored(
            sphere: HKQuantity(unit: .meter(), doubleValue: -1), cylinder: nil, axis: nil, addPower: nil,
            vertexDistance: nil, prism: nil, farPupillaryDistance: nil, nearPupillaryDistance: nil)
        expectInvalidArgument("sphere must be compatible with D") { try inMetres.validate() }
        let axis = HKGlassesLensSpecification.stored(
            sphere: HKQuantity(unit: .diopter(), doubleValue: -1), cylinder: nil, axis: Self.degrees(200),
            addPower: nil, vertexDistance: nil, prism: nil, farPupillaryDistance: nil, nearPupillaryDistance: nil)
        expectInvalidArgument("axis 200.0 deg is out of range") { try axis.validate() }
        let diameter = HKContactsLensSpecification.stored(
            sphere: HKQuantity(unit: .diopter(), doubleValue: -1), cylinder: nil, axis: nil, addPower: nil,
            baseCurve: nil, diameter: HKQuantity(unit: .diopter(), doubleValue: 14))
        expectInvalidArgument("diameter must be compatible with mm") { try diameter.validate() }
    }

    @Test func lensPowersAndLengthsNoLensHasAreRefused() {
        func lens(sphere: Double = -1, addPower: Double? = nil, vertex: Double? = nil) -> HKGlassesLensSpecification {
            HKGlassesLensSpecification.stored(
                sphere: HKQuantity(unit: .diopter(), doubleValue: sphere), cylinder: nil, axis: nil,
                addPower: addPower.map { HKQuantity(unit: .diopter(), doubleValue: $0) },
                vertexDistance: vertex.map { HKQuantity(unit: .meterUnit(with: .milli), doubleValue: $0) }, prism: nil,
                farPupillaryDistance: nil, nearPupillaryDistance: nil)
        }
        expectInvalidArgument("sphere 1e+308 D is out of range") { try lens(sphere: 1e308).validate() }
        expectInvalidArgument("sphere -60.0 D is out of range") { try lens(sphere: -60).validate() }
        expectInvalidArgument("addPower 1e+308 D is out of range") { try lens(addPower: 1e308).validate() }
        expectInvalidArgument("vertexDistance 1e+308 mm is out of range") { try lens(vertex: 1e308).validate() }
        let contacts = HKContactsLensSpecification.stored(
            sphere: HKQuantity(unit: .diopter(), doubleValue: -1), cylinder: nil, axis: nil, addPower: nil,
            baseCurve: HKQuantity(unit: .meterUnit(with: .milli), doubleValue: 1e308), diameter: nil)
        expectInvalidArgument("baseCurve 1e+308 mm is out of range") { try contacts.validate() }
        // Strong real prescriptions, past the range HealthKit documents as usual, are kept.
        #expect(throws: Never.self) { try lens(sphere: -20, addPower: 3.5, vertex: 12).validate() }
    }

    @Test func prescriptionPartsSurviveSecureArchiving() throws {
        let prism = HKVisionPrism(amount: Self.pd(1.5), angle: Self.degrees(45), eye: .left)
        let lens = HKGlassesLensSpecification(
            sphere: HKQuantity(unit: .diopter(), doubleValue: -2.25), cylinder: nil, axis: nil, addPower: nil,
            vertexDistance: nil, prism: prism, farPupillaryDistance: nil, nearPupillaryDistance: nil)
        let data = try NSKeyedArchiver.archivedData(withRootObject: lens, requiringSecureCoding: true)
        let copy = try NSKeyedUnarchiver.unarchivedObject(
            ofClasses: [HKGlassesLensSpecification.self, HKVisionPrism.self, HKQuantity.self, HKUnit.self], from: data)
        #expect(copy as? HKGlassesLensSpecification == lens)
    }
}
