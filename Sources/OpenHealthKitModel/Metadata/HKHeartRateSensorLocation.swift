/// Where a heart rate reading was taken (``HKMetadataKeyHeartRateSensorLocation``).
public enum HKHeartRateSensorLocation: Int, Sendable, CaseIterable {
    case other = 0
    case chest = 1
    case wrist = 2
    case finger = 3
    case hand = 4
    case earLobe = 5
    case foot = 6
}
