/// How sound reached the ear in a hearing test.
public enum HKAudiogramConductionType: Int, Sendable, Hashable {
    /// Through the air (headphones or speakers).
    case air = 0
}
