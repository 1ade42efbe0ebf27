/// How a VO2 max value was obtained (``HKMetadataKeyVO2MaxTestType``).
public enum HKVO2MaxTestType: Int, Sendable, CaseIterable {
    /// Measured with the user exerted to their limit.
    case maxExercise = 1
    /// Predicted from a submaximal test protocol.
    case predictionSubMaxExercise = 2
    /// Predicted from user metrics, without exercise.
    case predictionNonExercise = 3
    /// Predicted from a step test (iOS 26).
    case predictionStepTest = 4
}
