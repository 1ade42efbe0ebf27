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
            func bound(_ band: Double) -> Double { -1 + band * 2 / 7 }
            switch valence {
            case ..<bound(1): self = .veryUnpleasant
            case ..<bound(2): self = .unpleasant
            case ..<bound(3): self = .slightlyUnpleasant
            case ...bound(4): self = .neutral
            case ...bound(5): self = .slightlyPleasant
            case ...bound(6): self = .pleasant
            default: self = .veryPleasant
            }
        }
    }
}
