/// The water's salinity for an underwater depth or water temperature sample (``HKMetadataKeyWaterSalinity``).
public enum HKWaterSalinity: Int, Sendable, CaseIterable {
    /// Fresh water.
    case freshWater = 1
    /// Salt water.
    case saltWater = 2
}
