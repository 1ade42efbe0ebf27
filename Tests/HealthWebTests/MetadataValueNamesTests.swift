import Foundation
import OpenHealthKitModel
import Testing
@testable import HealthWeb

/// A type's page shows metadata as people read it: HealthKit's keys by name, the values of its enumerated keys by
/// name, quantities in the units people say, other values as stored.
struct MetadataValueNamesTests {
    private func shown(_ metadata: [String: Any]) -> [String: String] {
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        let sample = HKQuantitySample(
            type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 72),
            start: date, end: date, metadata: metadata)
        let row = SampleListRow(
            sample, typePath: "/types/heartRate", unit: nil, dates: PageDateText(timeZone: TimeZone(identifier: "UTC")!)
        )
        return Dictionary(uniqueKeysWithValues: row.metadata.map { ($0.key, $0.value) })
    }

    @Test func enumeratedValuesAreShownByName() {
        let shown = shown([
            HKMetadataKeyHeartRateSensorLocation: NSNumber(value: HKHeartRateSensorLocation.wrist.rawValue),
            HKMetadataKeyHeartRateMotionContext: HKHeartRateMotionContext.sedentary.rawValue,
            HKMetadataKeyWeatherCondition: NSNumber(value: HKWeatherCondition.mostlyCloudy.rawValue),
        ])
        #expect(shown["Sensor Location"] == "Wrist")
        #expect(shown["Motion Context"] == "Sedentary")
        #expect(shown["Weather Condition"] == "Mostly Cloudy")
    }

    @Test func otherNumbersAreShownAsStored() {
        let shown = shown([HKMetadataKeyHeartRateSensorLocation: NSNumber(value: 42), "zone": NSNumber(value: 2)])
        #expect(shown["Sensor Location"] == "42")
        #expect(shown["zone"] == "2")
    }

    @Test func aNumberKeyHoldingOneIsANumberAndABooleanKeyHoldingOneIsYes() {
        let shown = shown([
            HKMetadataKeySyncIdentifier: "reading-7", HKMetadataKeySyncVersion: NSNumber(value: 1),
            HKMetadataKeyWasUserEntered: NSNumber(value: 1), HKMetadataKeyWasTakenInLab: NSNumber(value: 0),
        ])
        #expect(shown["Sync Version"] == "1")
        #expect(shown["Entered Manually"] == "Yes")
        #expect(shown["Taken in a Lab"] == "No")
    }

    @Test func keysAndValuesReadAsWords() {
        let shown = shown([
            HKMetadataKeyWasUserEntered: true,
            HKMetadataKeyHeartRateEventThreshold: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 120),
            HKMetadataKeyElevationAscended: HKQuantity(unit: .meter(), doubleValue: 418),
        ])
        #expect(shown["Entered Manually"] == "Yes")
        #expect(shown["Threshold"] == "120 BPM")
        #expect(shown["Elevation Gained"] == "418 m")
    }
}
