/// Where the device was mostly worn during a bout of walking (``HKMetadataKeyDevicePlacementSide``).
public enum HKDevicePlacementSide: Int, Sendable, CaseIterable {
    case unknown = 0
    case left = 1
    case right = 2
    /// On the middle of the body.
    case central = 3
}
