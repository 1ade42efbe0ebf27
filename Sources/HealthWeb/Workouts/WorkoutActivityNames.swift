import OpenHealthKitModel

/// Activity types as people read them (`traditionalStrengthTraining` → "Traditional Strength Training"), and back
/// from the case name a page's address carries.
enum WorkoutActivityNames {
    /// The words of the case's name.
    static func name(_ type: HKWorkoutActivityType) -> String {
        switch type {
        case .highIntensityIntervalTraining: "High Intensity Interval Training (HIIT)"
        default: PageTypeNames.words(String(describing: type))
        }
    }

    /// The type whose case name is `caseName` (`running`); nil for any other text.
    static func type(named caseName: String) -> HKWorkoutActivityType? {
        HKWorkoutActivityType.allCases.first { String(describing: $0) == caseName }
    }
}
