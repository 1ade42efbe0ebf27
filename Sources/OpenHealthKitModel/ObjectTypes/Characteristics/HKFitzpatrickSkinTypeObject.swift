public import Foundation

/// A wrapper for an ``HKFitzpatrickSkinType`` value, as the health store returns it.
public final class HKFitzpatrickSkinTypeObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The skin type.
    public let skinType: HKFitzpatrickSkinType

    package init(skinType: HKFitzpatrickSkinType) {
        self.skinType = skinType
        super.init()
    }

    // MARK: NSSecureCoding

    /// The object is archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the skin type.
    public func encode(with coder: NSCoder) {
        coder.encode(skinType.rawValue, forKey: "skinType")
    }

    /// Unarchives the object; nil without a known skin type.
    public init?(coder: NSCoder) {
        guard let value = coder.decodeEnum(HKFitzpatrickSkinType.self, forKey: "skinType") else { return nil }
        skinType = value
        super.init()
    }
}
