/// The ear a hearing test measured.
public enum HKAudiogramSensitivityTestSide: Int, Sendable, Hashable {
    /// The left ear.
    case left = 0
    /// The right ear.
    case right = 1
}
