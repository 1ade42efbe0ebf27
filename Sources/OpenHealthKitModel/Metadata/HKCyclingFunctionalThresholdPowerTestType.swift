/// How a cycling functional threshold power value was obtained (``HKMetadataKeyCyclingFunctionalThresholdPowerTestType``).
public enum HKCyclingFunctionalThresholdPowerTestType: Int, Sendable, CaseIterable {
    /// The user was at their limit for 60 minutes.
    case maxExercise60Minute = 1
    /// The user was at their limit for 20 minutes.
    case maxExercise20Minute = 2
    /// Intensity rose gradually until exhaustion.
    case rampTest = 3
    /// Predicted from the user's cycling workouts.
    case predictionExercise = 4
}
