import Foundation
import Testing
import OpenHealthKitModel

/// HealthKit's older spellings of object initializers and properties, deprecated but still behaving as today's.
@Suite struct DeprecatedMemberTests {
    let device = HKDevice(
        name: "Scale", manufacturer: "Acme", model: "S1", hardwareVersion: "1", firmwareVersion: nil,
        softwareVersion: nil, localIdentifier: "peripheral-7", UDIDeviceIdentifier: "00643169007222")
    let metadata: [String: Any] = [HKMetadataKeyWasUserEntered: true]

    @Test @available(*, deprecated) func aDeviceKeepsTheUDIDeviceIdentifierItWasMadeWith() {
        #expect(device.udiDeviceIdentifier == "00643169007222")
        let earlier = HKDevice(
            name: "Scale", manufacturer: "Acme", model: "S1", hardwareVersion: "1", firmwareVersion: nil,
            softwareVersion: nil, localIdentifier: "peripheral-7", udiDeviceIdentifier: "00643169007222")
        #expect(earlier == device)
    }

    @Test @available(*, deprecated) func quantitySamplesMadeWithStartDateAndEndDateCarryEverythingGiven() {
        let mass = HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 71.5)
        let type = HKQuantityType(.bodyMass)
        let plain = HKQuantitySample(type: type, quantity: mass, startDate: Fixture.start, endDate: Fixture.end)
        #expect(plain.quantity == mass && plain.startDate == Fixture.start && plain.endDate == Fixture.end)
        #expect(plain.metadata == nil && plain.device == nil)
        let full = HKQuantitySample(
            type: type, quantity: mass, startDate: Fixture.start, endDate: Fixture.end, device: device,
            metadata: metadata)
        #expect(full.device == device && full.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true)
        let withMetadata = HKQuantitySample(
            type: type, quantity: mass, startDate: Fixture.start, endDate: Fixture.start, metadata: metadata)
        #expect(withMetadata.metadata?.count == 1 && withMetadata.device == nil)
    }

    @Test @available(*, deprecated) func categorySamplesMadeWithStartDateAndEndDateCarryEverythingGiven() {
        let type = HKCategoryType(.sleepAnalysis)
        let asleep = HKCategoryValueSleepAnalysis.asleepDeep.rawValue
        let plain = HKCategorySample(type: type, value: asleep, startDate: Fixture.start, endDate: Fixture.end)
        #expect(plain.value == asleep && plain.endDate == Fixture.end && plain.metadata == nil)
        let full = HKCategorySample(
            type: type, value: asleep, startDate: Fixture.start, endDate: Fixture.end, device: device,
            metadata: metadata)
        #expect(full.device == device && full.metadata?.count == 1)
        let withMetadata = HKCategorySample(
            type: type, value: asleep, startDate: Fixture.start, endDate: Fixture.end, metadata: metadata)
        #expect(withMetadata.metadata?.count == 1 && withMetadata.device == nil)
    }

    @Test @available(*, deprecated) func correlationsMadeWithStartDateAndEndDateCarryEverythingGiven() {
        let pressure = HKUnit.millimeterOfMercury()
        let members: Set<HKSample> = [
            HKQuantitySample(
                type: HKQuantityType(.bloodPressureSystolic), quantity: HKQuantity(unit: pressure, doubleValue: 120),
                start: Fixture.start, end: Fixture.start),
            HKQuantitySample(
                type: HKQuantityType(.bloodPressureDiastolic), quantity: HKQuantity(unit: pressure, doubleValue: 80),
                start: Fixture.start, end: Fixture.start),
        ]
        let type = HKCorrelationType(.bloodPressure)
        let plain = HKCorrelation(type: type, startDate: Fixture.start, endDate: Fixture.start, objects: members)
        #expect(plain.objects == members && plain.startDate == Fixture.start && plain.metadata == nil)
        let full = HKCorrelation(
            type: type, startDate: Fixture.start, endDate: Fixture.start, objects: members, device: device,
            metadata: metadata)
        #expect(full.device == device && full.metadata?.count == 1)
        let withMetadata = HKCorrelation(
            type: type, startDate: Fixture.start, endDate: Fixture.start, objects: members, metadata: metadata)
        #expect(withMetadata.metadata?.count == 1 && withMetadata.device == nil)
    }

    @Test @available(*, deprecated) func sourceIsTheSourceOfTheSourceRevision() {
        let sample = HKCategorySample(
            type: HKCategoryType(.mindfulSession), value: 0, start: Fixture.start, end: Fixture.end)
        #expect(sample.source == sample.sourceRevision.source)
    }

    @Test @available(*, deprecated) func aNewActivitySummaryIsNotPaused() {
        let summary = HKActivitySummary()
        #expect(!summary.isPaused)
        summary.isPaused = true
        #expect(summary.isPaused)
    }
}
