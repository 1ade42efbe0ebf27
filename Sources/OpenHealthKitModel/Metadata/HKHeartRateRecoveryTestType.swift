/// How a heart rate recovery value was obtained (``HKMetadataKeyHeartRateRecoveryTestType``).
public enum HKHeartRateRecoveryTestType: Int, Sendable, CaseIterable {
    /// Measured with the user exerted to their limit.
    case maxExercise = 1
    /// Predicted from a submaximal test protocol.
    case predictionSubMaxExercise = 2
    /// Predicted from user metrics, without exercise.
    case predictionNonExercise = 3
}
