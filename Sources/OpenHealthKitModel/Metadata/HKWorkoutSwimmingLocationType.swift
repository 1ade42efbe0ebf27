/// Where a swimming workout took place (``HKMetadataKeySwimmingLocationType``).
public enum HKWorkoutSwimmingLocationType: Int, Sendable, CaseIterable {
    case unknown = 0
    case pool = 1
    case openWater = 2
}
