public import Foundation

/// A wrapper for an ``HKWheelchairUse`` value, as the health store returns it.
public final class HKWheelchairUseObject: NSObject, @unchecked Sendable {
    /// Whether the user uses a wheelchair.
    public let wheelchairUse: HKWheelchairUse

    package init(wheelchairUse: HKWheelchairUse) {
        self.wheelchairUse = wheelchairUse
        super.init()
    }
}
