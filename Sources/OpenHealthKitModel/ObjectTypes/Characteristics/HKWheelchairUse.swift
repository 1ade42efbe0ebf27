/// Whether the user uses a wheelchair (``HKCharacteristicTypeIdentifier/wheelchairUse``).
public enum HKWheelchairUse: Int, Sendable, CaseIterable {
    /// Not set, or the app may not read it.
    case notSet = 0
    /// The user does not use a wheelchair.
    case no = 1
    /// The user uses a wheelchair.
    case yes = 2
}
