/// The stroke used during a stretch of a swimming workout (``HKMetadataKeySwimmingStrokeStyle``).
public enum HKSwimmingStrokeStyle: Int, Sendable, CaseIterable {
    case unknown = 0
    case mixed = 1
    case freestyle = 2
    case backstroke = 3
    case breaststroke = 4
    case butterfly = 5
    /// iOS 16.
    case kickboard = 6
}
