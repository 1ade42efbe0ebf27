public import Foundation

/// The anchor value meaning "from the beginning", for `HKQueryAnchor(fromValue:)`.
public let HKAnchoredObjectQueryNoAnchor: Int32 = 0

/// Where an anchored object query stopped reading: pass it to the next anchored query to receive only the samples
/// saved and objects deleted after it.
///
/// Anchors are opaque; they compare equal when they mark the same point, and can be archived with
/// `NSKeyedArchiver` to resume after a restart.
public final class HKQueryAnchor: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The store's change counter at this point.
    package let value: Int64

    package init(value: Int64) {
        self.value = value
        super.init()
    }

    /// An anchor from an integer anchor value (anchored queries returned integers before iOS 9).
    public convenience init(fromValue value: Int) {
        self.init(value: Int64(max(0, value)))
    }

    /// True: anchors decode only as anchors.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the anchor's value.
    public func encode(with coder: NSCoder) {
        coder.encode(value, forKey: "value")
    }

    /// Unarchives an anchor written by ``encode(with:)``.
    public required init?(coder: NSCoder) {
        value = coder.decodeInt64(forKey: "value")
        super.init()
    }

    /// Anchors are immutable: a copy is the anchor itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Anchors are equal when they mark the same point.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKQueryAnchor)?.value == value
    }

    /// The value's hash.
    public override var hash: Int { value.hashValue }

    /// The anchor's value, for debugging.
    public override var description: String { "<HKQueryAnchor \(value)>" }
}
