import OpenHealthKitModel

/// Reads a category record's value: the label the export writes (`HKCategoryValueSleepAnalysisAsleepCore`),
/// including labels of earlier iOS versions, or a number.
enum CategoryValueLabels {
    /// Labels renamed since they were exported: the old prefix or label, and the current one.
    private static let renamedPrefixes = [("HKCategoryValueMenstrualFlow", "HKCategoryValueVaginalBleeding")]
    private static let renamedLabels = [
        "HKCategoryValueSleepAnalysisAsleep": "HKCategoryValueSleepAnalysisAsleepUnspecified"
    ]

    static func value(_ label: String, for type: HKCategoryType) -> Int? {
        if let value = type.value(named: label) { return value }
        if let current = renamedLabels[label], let value = type.value(named: current) { return value }
        for (old, current) in renamedPrefixes where label.hasPrefix(old) {
            if let value = type.value(named: current + label.dropFirst(old.count)) { return value }
        }
        if let number = Int(label), type.allows(value: number) { return number }
        return nil
    }
}
