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
            sample, typeName: "heartRate", unit: nil, dates: PageDateText(timeZone: TimeZone(identifier: "UTC")!),
            deletable: true
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
            HKMetadataKeyAlgorithmVersion: NSNumber(value: 1), HKMetadataKeyWasUserEntered: NSNumber(value: 1),
            HKMetadataKeyWasTakenInLab: NSNumber(value: 0),
        ])
        #expect(shown["Algorithm Version"] == "1")
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

    @Test func syncIdentifiersAndVersionsAreNotShown() {
        let shown = shown([
            HKMetadataKeySyncIdentifier: "reading-7", HKMetadataKeySyncVersion: NSNumber(value: 3),
            HKMetadataKeyWasUserEntered: true,
        ])
        #expect(shown == ["Entered Manually": "Yes"])
    }

    @Test func weatherHumidityWrittenAsHundredthsReadsAsAPercentOfAHundredAtMost() {
        let written = { (value: Double) in
            self.shown([HKMetadataKeyWeatherHumidity: HKQuantity(unit: .percent(), doubleValue: value)])
        }
        #expect(written(7100)["Weather Humidity"] == "71 %")
        #expect(written(96)["Weather Humidity"] == "96 %")
    }

    @Test func weatherTemperatureFollowsTheLocalesDegrees() {
        let temperature = [HKMetadataKeyWeatherTemperature: HKQuantity(unit: .degreeFahrenheit(), doubleValue: 56)]
        let british = PageNumberText.$locale.withValue(Locale(identifier: "en_GB")) { shown(temperature) }
        let american = PageNumberText.$locale.withValue(Locale(identifier: "en_US")) { shown(temperature) }
        #expect(british["Weather Temperature"] == "13.3 °C")
        #expect(american["Weather Temperature"] == "56 °F")
    }

    @Test func theDeviceLineSaysEachNameOnceAndNothingTheSourceSays() {
        let watch = HKDevice(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            firmwareVersion: nil, softwareVersion: "9.1", localIdentifier: nil, udiDeviceIdentifier: nil)
        let strap = HKDevice(
            name: "Strap", manufacturer: "Polar", model: "H10", hardwareVersion: nil, firmwareVersion: nil,
            softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        #expect(SampleListRow.describe(watch, besides: "Ann's iPhone") == "Apple Watch")
        #expect(SampleListRow.describe(watch, besides: "Ann's Apple Watch") == nil)
        #expect(SampleListRow.describe(strap, besides: "Polar Beat") == "Strap · H10")
    }
}
