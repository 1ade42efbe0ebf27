/// Where a workout session is in its life, with HealthKit's raw values.
///
/// A session moves `notStarted → prepared → running ⇄ paused → stopped → ended`; ``HKWorkoutSession`` lists the
/// transitions each call makes and refuses the others.
public enum HKWorkoutSessionState: Int, Sendable, CaseIterable {
    /// The session has not started.
    case notStarted = 1
    /// The session's activity is running: the live builder collects data.
    case running = 2
    /// The session has ended; it cannot be restarted or reused.
    case ended = 3
    /// The session is paused: time stops counting toward the workout's duration.
    case paused = 4
    /// The session is ready but not yet running.
    case prepared = 5
    /// The session's activity has stopped; it no longer collects data and cannot be restarted.
    case stopped = 6
}
