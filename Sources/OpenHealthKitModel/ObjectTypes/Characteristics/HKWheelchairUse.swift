/// Whether the user uses a wheelchair (``HKCharacteristicTypeIdentifier/wheelchairUse``).
public enum HKWheelchairUse: Int, Sendable, CaseIterable {
    /// Not set, or the app may not read it.
    case notSet = 0
    case no = 1
    case yes = 2
}
