/// The user's blood type (``HKCharacteristicTypeIdentifier/bloodType``).
public enum HKBloodType: Int, Sendable, CaseIterable {
    /// Not set, or the app may not read it.
    case notSet = 0
    case aPositive = 1
    case aNegative = 2
    case bPositive = 3
    case bNegative = 4
    case abPositive = 5
    case abNegative = 6
    case oPositive = 7
    case oNegative = 8
}
