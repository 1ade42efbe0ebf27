import Foundation
import OpenHealthKitModel

/// Metadata as people read it on a sample: HealthKit's keys by a name (`HKWasUserEntered` → "Entered Manually",
/// `HKHeartRateEventThreshold` → "Threshold"), other HealthKit keys by their words, an app's own keys as they are;
/// values as words and in the units people use (`120 BPM`, `Yes`).
enum MetadataKeyNames {
    private static let names: [String: String] = [
        HKMetadataKeyWasUserEntered: "Entered Manually", HKMetadataKeyHeartRateEventThreshold: "Threshold",
        HKMetadataKeyTimeZone: "Time Zone", HKMetadataKeyExternalUUID: "External ID",
        HKMetadataKeyDeviceName: "Device", HKMetadataKeyFoodType: "Food", HKMetadataKeyIndoorWorkout: "Indoor",
        HKMetadataKeyElevationAscended: "Elevation Gained", HKMetadataKeyElevationDescended: "Elevation Lost",
        HKMetadataKeyAverageMETs: "Average METs", HKMetadataKeyHeartRateMotionContext: "Motion Context",
        HKMetadataKeyHeartRateSensorLocation: "Sensor Location", HKMetadataKeyWasTakenInLab: "Taken in a Lab",
        HKMetadataKeyBloodGlucoseMealTime: "Meal Time", HKMetadataKeyVO2MaxTestType: "Test",
    ]

    /// Keys HealthKit keeps for the apps that sync, which Health does not show on a sample.
    static let hidden: Set<String> = [HKMetadataKeySyncIdentifier, HKMetadataKeySyncVersion]

    /// A key for people.
    static func name(of key: String) -> String {
        if let name = names[key] { return name }
        guard key.hasPrefix("HK"), key.count > 2 else { return key }
        return PageTypeNames.words(String(key.dropFirst(2)))
    }

    /// A value for people: an enumeration's case name, Yes or No, a quantity in the unit people say, a date.
    static func value(_ value: Any, forKey key: String, dates: PageDateText) -> String {
        if let name = MetadataValueNames.name(of: value, forKey: key) { return name }
        switch value {
        case let date as Date: return dates.preciseDateTime(date)
        case let quantity as HKQuantity: return text(of: quantity, forKey: key)
        // HealthKit's keys say whether their number holds a Bool (on Linux an NSNumber 1 also casts to `true`): Sync
        // Version 1 is "1", Entered Manually 1 is "Yes".
        case let number as NSNumber where MetadataKeyCatalog.valueKinds[key] == .boolean:
            return number.boolValue ? "Yes" : "No"
        case let number as NSNumber where MetadataKeyCatalog.valueKinds[key] == .number: return number.stringValue
        case let bool as Bool: return bool ? "Yes" : "No"
        default: return String(describing: value)
        }
    }

    /// A quantity in the unit people use: a heart-rate threshold in BPM, a temperature in the degrees of healthd's
    /// locale (°C for en_GB, °F for en_US), weather humidity as a percent of 100 at most.
    private static func text(of quantity: HKQuantity, forKey key: String) -> String {
        let heartRate = HKQuantityType(.heartRate)
        if key == HKMetadataKeyHeartRateEventThreshold, quantity.unit.isCompatible(with: heartRate.canonicalUnit) {
            let unit = DisplayUnit(.count().unitDivided(by: .minute()), type: heartRate)
            return unit.withSymbol(PageNumberText.format(quantity.doubleValue(for: unit.unit), maximumDecimals: 0))
        }
        if quantity.unit.isCompatible(with: .degreeCelsius()) {
            let unit = DisplayUnit(
                PageNumberText.locale.measurementSystem == .us ? .degreeFahrenheit() : .degreeCelsius())
            return unit.withSymbol(PageNumberText.format(quantity.doubleValue(for: unit.unit), maximumDecimals: 1))
        }
        if key == HKMetadataKeyWeatherHumidity, quantity.unit.isCompatible(with: .percent()) {
            // Apple's exports write 71 % humidity as "7100 %" (older ones as "71 %"): a humidity cannot pass 100 %.
            let written = quantity.doubleValue(for: .percent())
            return PageNumberText.format(written > 100 ? written / 100 : written, maximumDecimals: 0) + " %"
        }
        return DisplayUnit(quantity.unit).withSymbol(PageNumberText.format(quantity.value))
    }
}
