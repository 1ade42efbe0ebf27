public import Foundation

/// A wrapper for an ``HKBloodType`` value, as the health store returns it.
public final class HKBloodTypeObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The blood type.
    public let bloodType: HKBloodType

    package init(bloodType: HKBloodType) {
        self.bloodType = bloodType
        super.init()
    }

    // MARK: NSSecureCoding

    /// The object is archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the blood type.
    public func encode(with coder: NSCoder) {
        coder.encode(bloodType.rawValue, forKey: "bloodType")
    }

    /// Unarchives the object; nil without a known blood type.
    public init?(coder: NSCoder) {
        guard let value = coder.decodeEnum(HKBloodType.self, forKey: "bloodType") else { return nil }
        bloodType = value
        super.init()
    }
}
