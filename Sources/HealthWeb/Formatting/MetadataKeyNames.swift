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
        HKMetadataKeyHeartRateSensorLocation: "Sensor Location", HKMetadataKeySyncIdentifier: "Sync Identifier",
        HKMetadataKeySyncVersion: "Sync Version", HKMetadataKeyWasTakenInLab: "Taken in a Lab",
        HKMetadataKeyBloodGlucoseMealTime: "Meal Time", HKMetadataKeyVO2MaxTestType: "Test",
    ]

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
        case let quantity as HKQuantity:
            let heartRate = HKQuantityType(.heartRate)
            if key == HKMetadataKeyHeartRateEventThreshold, quantity.unit.isCompatible(with: heartRate.canonicalUnit) {
                let unit = DisplayUnit(.count().unitDivided(by: .minute()), type: heartRate)
                return unit.withSymbol(PageNumberText.format(quantity.doubleValue(for: unit.unit)))
            }
            return DisplayUnit(quantity.unit).withSymbol(PageNumberText.format(quantity.value))
        // HealthKit's keys say whether their number holds a Bool (on Linux an NSNumber 1 also casts to `true`): Sync
        // Version 1 is "1", Entered Manually 1 is "Yes".
        case let number as NSNumber where MetadataKeyCatalog.valueKinds[key] == .boolean:
            return number.boolValue ? "Yes" : "No"
        case let number as NSNumber where MetadataKeyCatalog.valueKinds[key] == .number: return number.stringValue
        case let bool as Bool: return bool ? "Yes" : "No"
        default: return String(describing: value)
        }
    }
}
