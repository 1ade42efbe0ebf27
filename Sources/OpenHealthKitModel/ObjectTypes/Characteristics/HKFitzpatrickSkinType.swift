/// The user's skin type on the Fitzpatrick scale (``HKCharacteristicTypeIdentifier/fitzpatrickSkinType``).
public enum HKFitzpatrickSkinType: Int, Sendable, CaseIterable {
    /// Not set, or the app may not read it.
    case notSet = 0
    /// Pale white skin: always burns, never tans.
    case I = 1
    /// White skin: burns easily, tans minimally.
    case II = 2
    /// White to light brown skin: burns moderately, tans uniformly.
    case III = 3
    /// Beige-olive skin: burns minimally, tans moderately.
    case IV = 4
    /// Brown skin: rarely burns, tans profusely.
    case V = 5
    /// Dark brown to black skin: never burns.
    case VI = 6
}
