/// The water's salinity for an underwater depth or water temperature sample (``HKMetadataKeyWaterSalinity``).
public enum HKWaterSalinity: Int, Sendable, CaseIterable {
    case freshWater = 1
    case saltWater = 2
}
