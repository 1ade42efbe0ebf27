import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct CorrelationTests {
    @Test func bloodPressureHoldsSystolicAndDiastolic() throws {
        let systolic = try Fixture.sample(.bloodPressureSystolic, 120, "mmHg")
        let diastolic = try Fixture.sample(.bloodPressureDiastolic, 80, "mmHg")
        let type = HKCorrelationType(.bloodPressure)
        let reading = try HKCorrelation(
            validating: type, start: Fixture.start, end: Fixture.start, objects: [systolic, diastolic])
        #expect(reading.correlationType == type)
        #expect(reading.objects == [systolic, diastolic])
        #expect(reading.objects(for: HKQuantityType(.bloodPressureSystolic)) == [systolic])
        #expect(reading.objects(for: HKQuantityType(.bloodPressureDiastolic)) == [diastolic])
        #expect(reading.objects(for: HKQuantityType(.heartRate)).isEmpty)
    }

    @Test func bloodPressureRejectsOtherSamples() throws {
        let systolic = try Fixture.sample(.bloodPressureSystolic, 120, "mmHg")
        let heartRate = try Fixture.sample(.heartRate, 72, "count/min")
        expectInvalidArgument(
            "HKCorrelationTypeIdentifierBloodPressure cannot contain samples of type HKQuantityTypeIdentifierHeartRate"
        ) {
            _ = try HKCorrelation(
                validating: HKCorrelationType(.bloodPressure), start: Fixture.start, end: Fixture.start,
                objects: [systolic, heartRate]
            )
        }
    }

    @Test func foodHoldsOnlyDietarySamples() throws {
        let energy = try Fixture.sample(.dietaryEnergyConsumed, 250, "kcal")
        let sugar = try Fixture.sample(.dietarySugar, 12, "g")
        let meal = try HKCorrelation(
            validating: HKCorrelationType(.food), start: Fixture.start, end: Fixture.start, objects: [energy, sugar])
        #expect(meal.objects.count == 2)
        let steps = try Fixture.sample(.stepCount, 10, "count")
        let sleep = try HKCategorySample(
            validating: HKCategoryType(.sleepAnalysis), value: 0, start: Fixture.start, end: Fixture.end)
        for intruder in [steps, sleep] as [HKSample] {
            expectInvalidArgument(
                "HKCorrelationTypeIdentifierFood cannot contain samples of type \(intruder.sampleType.identifier)"
            ) {
                _ = try HKCorrelation(
                    validating: HKCorrelationType(.food), start: Fixture.start, end: Fixture.start,
                    objects: [energy, intruder]
                )
            }
        }
    }

    @Test func membersAreValidatedToo() {
        let badMember = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.bloodPressureSystolic), quantity: Fixture.quantity(1, "kg"),
            start: Fixture.start, end: Fixture.start, device: nil, metadata: nil, sourceRevision: .placeholder()
        )
        expectInvalidArgument("requires a unit compatible with mmHg") {
            _ = try HKCorrelation(
                validating: HKCorrelationType(.bloodPressure), start: Fixture.start, end: Fixture.start,
                objects: [badMember]
            )
        }
    }
}
