/// Where a workout session takes place, with HealthKit's raw values.
public enum HKWorkoutSessionLocationType: Int, Sendable, CaseIterable {
    /// The location is not known.
    case unknown = 1
    /// Indoors.
    case indoor = 2
    /// Outdoors.
    case outdoor = 3
}
