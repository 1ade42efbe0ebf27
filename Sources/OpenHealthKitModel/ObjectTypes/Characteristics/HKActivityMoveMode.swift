/// What the Move ring measures for the user (``HKCharacteristicTypeIdentifier/activityMoveMode``).
public enum HKActivityMoveMode: Int, Sendable, CaseIterable {
    /// Active energy burned.
    case activeEnergy = 1
    /// Apple Move Time: minutes of full-body movement (for younger users).
    case appleMoveTime = 2
}
