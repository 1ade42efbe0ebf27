import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct QuantitySampleTests {
    @Test func validSampleKeepsItsValues() throws {
        let bodyMass = HKQuantityType(.bodyMass)
        let device = HKDevice.local()
        let sample = try HKQuantitySample(
            validating: bodyMass, quantity: Fixture.quantity(150, "lb"), start: Fixture.start, end: Fixture.end,
            device: device, metadata: ["note": "after run"]
        )
        #expect(sample.quantityType == bodyMass)
        #expect(sample.sampleType == bodyMass)
        #expect(abs(sample.quantity.doubleValue(for: HKUnit(from: "lb")) - 150) < 1e-9)
        #expect(sample.startDate == Fixture.start)
        #expect(sample.endDate == Fixture.end)
        #expect(sample.device == device)
        #expect(sample.metadata?["note"] as? String == "after run")
        #expect(sample.count == 1)
        #expect(sample.sourceRevision.source == HKSource.default())
        #expect(type(of: sample) == HKQuantitySample.self)
    }

    @Test func appleInitializersBuildTheSameSample() {
        let sample = HKQuantitySample(
            type: HKQuantityType(.stepCount), quantity: Fixture.quantity(120, "count"), start: Fixture.start,
            end: Fixture.end
        )
        #expect(sample.quantity.doubleValue(for: .count()) == 120)
        #expect(sample.metadata == nil)
        #expect(sample.device == nil)
    }

    @Test func rejectsAUnitOfTheWrongDimension() {
        expectInvalidArgument("requires a unit compatible with kg") {
            _ = try HKQuantitySample(
                validating: HKQuantityType(.bodyMass), quantity: Fixture.quantity(1100, "m"), start: Fixture.start,
                end: Fixture.end
            )
        }
    }

    @Test func rejectsANegativeCountOrRate() {
        expectInvalidArgument("requires a value of zero or more") {
            _ = try HKQuantitySample(
                validating: HKQuantityType(.stepCount), quantity: Fixture.quantity(-5, "count"), start: Fixture.start,
                end: Fixture.end
            )
        }
        expectInvalidArgument("requires a value of zero or more") {
            _ = try HKQuantitySample(
                validating: HKQuantityType(.heartRate), quantity: Fixture.quantity(-72, "count/min"),
                start: Fixture.start, end: Fixture.end
            )
        }
    }

    @Test func acceptsANegativeTemperature() throws {
        _ = try HKQuantitySample(
            validating: HKQuantityType(.waterTemperature), quantity: Fixture.quantity(-1.5, "degC"),
            start: Fixture.start, end: Fixture.end
        )
    }

    @Test func appleInitializerRaisesOnAnIncompatibleUnit() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantitySample(
                type: HKQuantityType(.bodyMass), quantity: Fixture.quantity(1100, "m"), start: Fixture.start,
                end: Fixture.end
            )
        }
    }

    @Test func rejectsACountForADifferentKindOfRate() {
        expectInvalidArgument("HKQuantityTypeIdentifierHeartRate") {
            _ = try Fixture.sample(.heartRate, 72, "count")
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func rejectsNonFiniteValues(_ value: Double) {
        expectInvalidArgument("requires a finite value") {
            _ = try Fixture.sample(.stepCount, value, "count")
        }
    }

    @Test func storedCumulativeSampleIsACumulativeSample() {
        let revision = HKSourceRevision(
            source: HKSource(name: "Steps", bundleIdentifier: "com.example.steps"), version: "3")
        let uuid = UUID()
        let sample = HKQuantitySample.stored(
            uuid: uuid, type: HKQuantityType(.stepCount), quantity: Fixture.quantity(500, "count"),
            start: Fixture.start,
            end: Fixture.end, device: nil, metadata: nil, sourceRevision: revision
        )
        let cumulative = try? #require(sample as? HKCumulativeQuantitySample)
        #expect(cumulative?.sumQuantity.doubleValue(for: .count()) == 500)
        #expect(sample.uuid == uuid)
        #expect(sample.sourceRevision == revision)
    }

    @Test func storedDiscreteSampleIsADiscreteSample() throws {
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.heartRate), quantity: Fixture.quantity(72, "count/min"),
            start: Fixture.start, end: Fixture.end, device: nil, metadata: nil, sourceRevision: .placeholder()
        )
        let discrete = try #require(sample as? HKDiscreteQuantitySample)
        let perMinute = HKUnit(from: "count/min")
        for quantity in [
            discrete.minimumQuantity, discrete.averageQuantity, discrete.maximumQuantity, discrete.mostRecentQuantity,
        ] {
            #expect(abs(quantity.doubleValue(for: perMinute) - 72) < 1e-9)
        }
        #expect(discrete.mostRecentQuantityDateInterval == DateInterval(start: Fixture.start, end: Fixture.end))
    }

    @Test func storePathIsValidatedToo() {
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.bodyMass), quantity: Fixture.quantity(3, "count"), start: Fixture.start,
            end: Fixture.end, device: nil, metadata: nil, sourceRevision: .placeholder()
        )
        expectInvalidArgument("requires a unit compatible with kg") { try sample.validate() }
    }

    @Test func insulinDeliveryNeedsAReason() throws {
        let type = HKQuantityType(.insulinDelivery)
        expectInvalidArgument("required keys: HKMetadataKeyInsulinDeliveryReason") {
            _ = try HKQuantitySample(
                validating: type, quantity: Fixture.quantity(2, "IU"), start: Fixture.start, end: Fixture.end)
        }
        expectInvalidArgument("Invalid metadata value for HKInsulinDeliveryReason: 3") {
            _ = try HKQuantitySample(
                validating: type, quantity: Fixture.quantity(2, "IU"), start: Fixture.start, end: Fixture.end,
                metadata: [HKMetadataKeyInsulinDeliveryReason: 3]
            )
        }
        let bolus = try HKQuantitySample(
            validating: type, quantity: Fixture.quantity(2, "IU"), start: Fixture.start, end: Fixture.end,
            metadata: [HKMetadataKeyInsulinDeliveryReason: HKInsulinDeliveryReason.bolus.rawValue]
        )
        #expect(bolus.metadata?[HKMetadataKeyInsulinDeliveryReason] as? Int == 2)
    }
}
