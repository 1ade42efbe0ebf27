public import Foundation

/// A wrapper for an ``HKWheelchairUse`` value, as the health store returns it.
public final class HKWheelchairUseObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// Whether the user uses a wheelchair.
    public let wheelchairUse: HKWheelchairUse

    package init(wheelchairUse: HKWheelchairUse) {
        self.wheelchairUse = wheelchairUse
        super.init()
    }

    // MARK: NSSecureCoding

    /// The object is archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the wheelchair use.
    public func encode(with coder: NSCoder) {
        coder.encode(wheelchairUse.rawValue, forKey: "wheelchairUse")
    }

    /// Unarchives the object; nil without a known wheelchair use.
    public init?(coder: NSCoder) {
        guard let value = coder.decodeEnum(HKWheelchairUse.self, forKey: "wheelchairUse") else { return nil }
        wheelchairUse = value
        super.init()
    }
}
