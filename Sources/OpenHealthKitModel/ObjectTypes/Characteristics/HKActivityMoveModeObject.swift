public import Foundation

/// A wrapper for an ``HKActivityMoveMode`` value, as the health store returns it.
public final class HKActivityMoveModeObject: NSObject, @unchecked Sendable {
    /// The move mode.
    public let activityMoveMode: HKActivityMoveMode

    package init(activityMoveMode: HKActivityMoveMode) {
        self.activityMoveMode = activityMoveMode
        super.init()
    }
}
