/// The kinds of events during a workout, with HealthKit's raw values.
public enum HKWorkoutEventType: Int, Sendable, CaseIterable {
    /// The user paused the workout: time stops counting toward its duration.
    case pause = 1
    /// The user resumed the workout.
    case resume = 2
    /// A lap, usually with an interval covering the lap.
    case lap = 3
    /// A point of interest.
    case marker = 4
    /// The system paused the workout because the user stopped moving.
    case motionPaused = 5
    /// The system resumed the workout because the user moved again.
    case motionResumed = 6
    /// A period of interest, with an interval covering it.
    case segment = 7
    /// The user asked to pause or resume (pressing both watch buttons).
    case pauseOrResumeRequest = 8
}
