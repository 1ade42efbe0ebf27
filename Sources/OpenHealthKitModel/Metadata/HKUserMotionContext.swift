/// How active the user was when a sample was taken (``HKMetadataKeyUserMotionContext``).
public enum HKUserMotionContext: Int, Sendable, CaseIterable {
    case notSet = 0
    case stationary = 1
    case active = 2
}
