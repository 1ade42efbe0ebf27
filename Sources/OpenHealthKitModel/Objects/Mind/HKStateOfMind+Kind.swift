import Foundation

extension HKStateOfMind {
    /// The span of time a state of mind reflects on.
    public enum Kind: Int, Sendable, CaseIterable {
        /// How one feels right now.
        case momentaryEmotion = 1
        /// How one has felt over the day.
        case dailyMood = 2
    }
}
