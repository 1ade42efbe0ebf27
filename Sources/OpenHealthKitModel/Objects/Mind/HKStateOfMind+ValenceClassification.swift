import Foundation

extension HKStateOfMind {
    /// A general region of pleasantness, derived from a valence.
    public enum ValenceClassification: Int, Sendable, CaseIterable {
        case veryUnpleasant = 1
        case unpleasant
        case slightlyUnpleasant
        case neutral
        case slightlyPleasant
        case pleasant
        case veryPleasant

        /// The classification of a valence: the range −1...1 split into seven bands of width 2/7, the unpleasant
        /// ones closed below and the pleasant ones closed above (so −1/7 and +1/7 are neutral), as HealthKit splits
        /// it. Nil for a valence outside −1...1.
        public init?(valence: Double) {
            guard valence.isFinite, (-1...1).contains(valence) else { return nil }
            // In sevenths, the band edges are the odd integers from −5 to 5 (exact in floating point).
            switch valence * 7 {
            case ..<(-5): self = .veryUnpleasant
            case ..<(-3): self = .unpleasant
            case ..<(-1): self = .slightlyUnpleasant
            case ...1: self = .neutral
            case ...3: self = .slightlyPleasant
            case ...5: self = .pleasant
            default: self = .veryPleasant
            }
        }
    }
}
