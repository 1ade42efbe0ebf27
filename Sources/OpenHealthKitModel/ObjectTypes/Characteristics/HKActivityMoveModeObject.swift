public import Foundation

/// A wrapper for an ``HKActivityMoveMode`` value, as the health store returns it.
public final class HKActivityMoveModeObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The move mode.
    public let activityMoveMode: HKActivityMoveMode

    package init(activityMoveMode: HKActivityMoveMode) {
        self.activityMoveMode = activityMoveMode
        super.init()
    }

    // MARK: NSSecureCoding

    /// The object is archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the move mode.
    public func encode(with coder: NSCoder) {
        coder.encode(activityMoveMode.rawValue, forKey: "activityMoveMode")
    }

    /// Unarchives the object; nil without a known move mode.
    public init?(coder: NSCoder) {
        guard let value = coder.decodeEnum(HKActivityMoveMode.self, forKey: "activityMoveMode") else { return nil }
        activityMoveMode = value
        super.init()
    }
}
