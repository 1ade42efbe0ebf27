/// What a workout effort relationship query returns for each workout or activity, with HealthKit's raw values.
public enum HKWorkoutEffortRelationshipQueryOptions: Int, Sendable, CaseIterable {
    /// Every related effort sample.
    case `default` = 0
    /// Only the most relevant effort sample: the latest workout effort score the user gave, else the latest
    /// estimated one.
    case mostRelevant = 1
}
