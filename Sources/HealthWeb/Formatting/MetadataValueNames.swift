import Foundation
import OpenHealthKitModel

/// The values of HealthKit's enumerated metadata keys by name, as the model's enumerations name them:
/// `HKHeartRateSensorLocation` 2 → "Wrist", `HKWeatherCondition` 4 → "Mostly Cloudy".
enum MetadataValueNames {
    /// The value names of each enumeration a metadata key may hold, by its name and raw value.
    private static let enumerations: [String: [Int: String]] = [
        "HKAppleECGAlgorithmVersion": names(HKAppleECGAlgorithmVersion.self),
        "HKBloodGlucoseMealTime": names(HKBloodGlucoseMealTime.self),
        "HKBodyTemperatureSensorLocation": names(HKBodyTemperatureSensorLocation.self),
        "HKCyclingFunctionalThresholdPowerTestType": names(HKCyclingFunctionalThresholdPowerTestType.self),
        "HKDevicePlacementSide": names(HKDevicePlacementSide.self),
        "HKHeartRateMotionContext": names(HKHeartRateMotionContext.self),
        "HKHeartRateRecoveryTestType": names(HKHeartRateRecoveryTestType.self),
        "HKHeartRateSensorLocation": names(HKHeartRateSensorLocation.self),
        "HKInsulinDeliveryReason": names(HKInsulinDeliveryReason.self),
        "HKPhysicalEffortEstimationType": names(HKPhysicalEffortEstimationType.self),
        "HKSwimmingStrokeStyle": names(HKSwimmingStrokeStyle.self),
        "HKUserMotionContext": names(HKUserMotionContext.self),
        "HKVO2MaxTestType": names(HKVO2MaxTestType.self),
        "HKWaterSalinity": names(HKWaterSalinity.self),
        "HKWeatherCondition": names(HKWeatherCondition.self),
        "HKWorkoutActivityType": names(HKWorkoutActivityType.self),
        "HKWorkoutSwimmingLocationType": names(HKWorkoutSwimmingLocationType.self),
    ]

    private static func names<Enumeration: CaseIterable & RawRepresentable>(_: Enumeration.Type) -> [Int: String]
    where Enumeration.RawValue: BinaryInteger {
        Dictionary(
            uniqueKeysWithValues: Enumeration.allCases.map {
                (Int($0.rawValue), PageTypeNames.words(String(describing: $0)))
            })
    }

    /// The name of `value` when `key` is one of HealthKit's keys holding an enumeration and `value` one of its raw
    /// values; nil otherwise (an app's own key, a number the enumeration does not have).
    static func name(of value: Any, forKey key: String) -> String? {
        guard case .enumeration(let enumeration)? = MetadataKeyCatalog.valueKinds[key], let raw = wholeNumber(value)
        else { return nil }
        return enumerations[enumeration]?[raw]
    }

    private static func wholeNumber(_ value: Any) -> Int? {
        switch value {
        case let number as NSNumber: Double(number.intValue) == number.doubleValue ? number.intValue : nil
        case let number as Int: number
        default: nil
        }
    }
}
