import Foundation
import Testing
@testable import OpenHealthKitModel

/// Audiograms as HealthKit builds and checks them: points of tests, each ear's sensitivity, clamping ranges, 1 to
/// 30 points in ascending frequencies, and secure coding.
@Suite struct AudiogramTests {
    func dBHL(_ value: Double) -> HKQuantity { HKQuantity(unit: .decibelHearingLevel(), doubleValue: value) }
    func hertz(_ value: Double) -> HKQuantity { HKQuantity(unit: .hertz(), doubleValue: value) }

    @Test func aPointMadeOfEachEarsSensitivityHoldsOneUnmaskedAirTestPerEar() throws {
        let point = try HKAudiogramSensitivityPoint(
            frequency: hertz(1000), leftEarSensitivity: dBHL(15), rightEarSensitivity: dBHL(25))
        #expect(point.tests.map(\.side) == [.left, .right])
        #expect(point.tests.allSatisfy { $0.type == .air && !$0.masked && $0.clampingRange == nil })
        #expect(point.leftEarSensitivity == dBHL(15) && point.rightEarSensitivity == dBHL(25))
    }

    @Test func anEarsSensitivityIsItsUnmaskedTestBeforeItsMaskedOne() throws {
        let point = try HKAudiogramSensitivityPoint(
            frequency: hertz(2000),
            tests: [
                try HKAudiogramSensitivityTest(
                    sensitivity: dBHL(40), type: .air, masked: true, side: .left, clampingRange: nil),
                try HKAudiogramSensitivityTest(
                    sensitivity: dBHL(30), type: .air, masked: false, side: .left, clampingRange: nil),
                try HKAudiogramSensitivityTest(
                    sensitivity: dBHL(50), type: .air, masked: true, side: .right, clampingRange: nil),
            ])
        #expect(point.leftEarSensitivity == dBHL(30) && point.rightEarSensitivity == dBHL(50))
    }

    @Test func aSensitivityMustBeAHearingLevelInRange() {
        expectInvalidArgument("requires a unit compatible with dBHL") {
            _ = try HKAudiogramSensitivityTest(
                sensitivity: HKQuantity(unit: .hertz(), doubleValue: 20), type: .air, masked: false, side: .left,
                clampingRange: nil)
        }
        expectInvalidArgument("must lie between -50.0 and 200.0 dBHL") {
            _ = try HKAudiogramSensitivityTest(
                sensitivity: dBHL(250), type: .air, masked: false, side: .left, clampingRange: nil)
        }
    }

    @Test func aFrequencyMustBePositiveHertzWithinHearing() {
        expectInvalidArgument("An audiogram frequency must lie between") {
            _ = try HKAudiogramSensitivityPoint(
                frequency: hertz(0), leftEarSensitivity: dBHL(10), rightEarSensitivity: nil)
        }
        expectInvalidArgument("requires a unit compatible with Hz") {
            _ = try HKAudiogramSensitivityPoint(
                frequency: dBHL(1000), leftEarSensitivity: dBHL(10), rightEarSensitivity: nil)
        }
        expectInvalidArgument("needs at least one test") {
            _ = try HKAudiogramSensitivityPoint(
                frequency: hertz(500), leftEarSensitivity: nil, rightEarSensitivity: nil)
        }
    }

    @Test func aClampingRangeNeedsOneBoundAndOrderedBounds() throws {
        let upper = try HKAudiogramSensitivityPointClampingRange(lowerBound: nil, upperBound: 90)
        #expect(upper.lowerBound == nil && upper.upperBound == dBHL(90))
        expectInvalidArgument("needs a lower bound, an upper bound or both") {
            _ = try HKAudiogramSensitivityPointClampingRange(lowerBound: nil, upperBound: nil)
        }
        expectInvalidArgument("must be less than its upper bound") {
            _ = try HKAudiogramSensitivityPointClampingRange(lowerBound: 40, upperBound: 40)
        }
    }

    @Test func anAudiogramHoldsOneToThirtyPointsInAscendingFrequencies() throws {
        func points(_ frequencies: [Double]) throws -> [HKAudiogramSensitivityPoint] {
            try frequencies.map {
                try HKAudiogramSensitivityPoint(
                    frequency: hertz($0), leftEarSensitivity: dBHL(10), rightEarSensitivity: nil)
            }
        }
        let valid = try HKAudiogramSample(
            validating: try points([250, 500, 1000]), start: Fixture.start, end: Fixture.end)
        #expect(valid.sensitivityPoints.count == 3 && valid.sampleType == HKObjectType.audiogramSampleType())
        expectInvalidArgument("must have at least 1 sensitivity point") {
            _ = try HKAudiogramSample(validating: [], start: Fixture.start, end: Fixture.end)
        }
        expectInvalidArgument("limited to 30 sensitivity points") {
            _ = try HKAudiogramSample(
                validating: try points((1...31).map { Double($0) * 100 }), start: Fixture.start, end: Fixture.end)
        }
        expectInvalidArgument("must be unique and in ascending order") {
            _ = try HKAudiogramSample(validating: try points([500, 500]), start: Fixture.start, end: Fixture.end)
        }
    }

    @Test func pointsTestsAndRangesSurviveSecureCoding() throws {
        let range = try HKAudiogramSensitivityPointClampingRange(lowerBound: 10, upperBound: nil)
        let point = try HKAudiogramSensitivityPoint(
            frequency: hertz(8000),
            tests: [
                try HKAudiogramSensitivityTest(
                    sensitivity: dBHL(65), type: .air, masked: true, side: .right, clampingRange: range)
            ])
        let data = try NSKeyedArchiver.archivedData(withRootObject: point, requiringSecureCoding: true)
        let decoded = try #require(
            try NSKeyedUnarchiver.unarchivedObject(
                ofClasses: [
                    HKAudiogramSensitivityPoint.self, HKAudiogramSensitivityTest.self,
                    HKAudiogramSensitivityPointClampingRange.self, NSArray.self,
                ],
                from: data) as? HKAudiogramSensitivityPoint)
        #expect(decoded == point)
        #expect(decoded.tests.first?.clampingRange?.lowerBound == dBHL(10))
    }
}
