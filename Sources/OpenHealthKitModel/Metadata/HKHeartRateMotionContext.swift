/// How active the user was when a heart rate reading was taken (``HKMetadataKeyHeartRateMotionContext``).
public enum HKHeartRateMotionContext: Int, Sendable, CaseIterable {
    case notSet = 0
    case sedentary = 1
    case active = 2
}
