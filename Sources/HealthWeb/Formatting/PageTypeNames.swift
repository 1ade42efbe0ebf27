import Foundation
import OpenHealthKitModel

/// How types appear on the pages and in their addresses: `/types/stepCount`, "Step Count".
enum PageTypeNames {
    private static let special: [String: String] = [
        "vo2Max": "VO2 Max", "uvExposure": "UV Exposure", "workout": "Workouts",
        "bodyMassIndex": "Body Mass Index (BMI)",
        "heartRateVariabilitySDNN": "Heart Rate Variability (SDNN)",
        "heartRateVariabilityRMSSD": "Heart Rate Variability (RMSSD)",
    ]

    /// A name for people: the short name's words (`stepCount` → "Step Count").
    static func displayName(_ identifier: String) -> String {
        let short = HKObjectType.shortName(forRawIdentifier: identifier)
        if let name = special[short] { return name }
        return words(short)
    }

    /// `asleepCore` → "Asleep Core"; `dietaryVitaminB12` → "Dietary Vitamin B12".
    static func words(_ camelCase: String) -> String {
        var result = ""
        var previous: Character?
        for character in camelCase {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { result.append(" ") }
            result.append(result.isEmpty ? Character(character.uppercased()) : character)
            previous = character
        }
        return result
    }

    /// The type a page address names (short name or raw identifier), if the pages show it: quantity and category
    /// types and workouts.
    static func sampleType(named name: String) -> HKSampleType? {
        guard let type = HKObjectType.type(named: name) as? HKSampleType else { return nil }
        return type is HKQuantityType || type is HKCategoryType || type is HKWorkoutType ? type : nil
    }

    /// Every type the pages show, by display name.
    static var browsableTypes: [HKSampleType] {
        let quantities: [HKSampleType] = HealthKitCatalog.quantityTypes.map { HKQuantityType($0.identifier) }
        let categories: [HKSampleType] = HealthKitCatalog.categoryTypes
            .compactMap { HKObjectType.type(forRawIdentifier: $0.identifier.rawValue) as? HKSampleType }
        var seen: Set<String> = []
        return (quantities + categories + [HKObjectType.workoutType()])
            .filter { seen.insert($0.identifier).inserted }
            .sorted { displayName($0.identifier) < displayName($1.identifier) }
    }
}
