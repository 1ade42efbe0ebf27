/// The user's biological sex (``HKCharacteristicTypeIdentifier/biologicalSex``).
public enum HKBiologicalSex: Int, Sendable, CaseIterable {
    /// Not set, or the app may not read it.
    case notSet = 0
    case female = 1
    case male = 2
    case other = 3
}
