public import Foundation

/// A wrapper for an ``HKBiologicalSex`` value, as the health store returns it.
public final class HKBiologicalSexObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The biological sex.
    public let biologicalSex: HKBiologicalSex

    package init(biologicalSex: HKBiologicalSex) {
        self.biologicalSex = biologicalSex
        super.init()
    }

    // MARK: NSSecureCoding

    /// The object is archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the biological sex.
    public func encode(with coder: NSCoder) {
        coder.encode(biologicalSex.rawValue, forKey: "biologicalSex")
    }

    /// Unarchives the object; nil without a known biological sex.
    public init?(coder: NSCoder) {
        guard let value = coder.decodeEnum(HKBiologicalSex.self, forKey: "biologicalSex") else { return nil }
        biologicalSex = value
        super.init()
    }
}
