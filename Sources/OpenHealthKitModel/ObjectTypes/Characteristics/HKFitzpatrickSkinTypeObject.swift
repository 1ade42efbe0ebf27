public import Foundation

/// A wrapper for an ``HKFitzpatrickSkinType`` value, as the health store returns it.
public final class HKFitzpatrickSkinTypeObject: NSObject, @unchecked Sendable {
    /// The skin type.
    public let skinType: HKFitzpatrickSkinType

    package init(skinType: HKFitzpatrickSkinType) {
        self.skinType = skinType
        super.init()
    }
}
