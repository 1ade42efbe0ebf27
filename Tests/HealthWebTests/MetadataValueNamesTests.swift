import Foundation
import OpenHealthKitModel
import Testing
@testable import HealthWeb

/// A type's page shows the values of HealthKit's enumerated metadata keys by name, and every other value as stored.
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
        #expect(shown[HKMetadataKeyHeartRateSensorLocation] == "Wrist")
        #expect(shown[HKMetadataKeyHeartRateMotionContext] == "Sedentary")
        #expect(shown[HKMetadataKeyWeatherCondition] == "Mostly Cloudy")
    }

    @Test func otherNumbersAreShownAsStored() {
        let shown = shown([HKMetadataKeyHeartRateSensorLocation: NSNumber(value: 42), "zone": NSNumber(value: 2)])
        #expect(shown[HKMetadataKeyHeartRateSensorLocation] == "42")
        #expect(shown["zone"] == "2")
    }
}
