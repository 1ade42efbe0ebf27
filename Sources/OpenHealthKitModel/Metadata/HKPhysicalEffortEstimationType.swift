/// How a `physicalEffort` value was estimated (``HKMetadataKeyPhysicalEffortEstimationType``).
public enum HKPhysicalEffortEstimationType: Int, Sendable, CaseIterable {
    /// From an external standard, such as a stationary bike's.
    case activityLookup = 1
    /// From movement signals sensed by the device.
    case deviceSensed = 2
}
