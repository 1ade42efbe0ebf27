public import Foundation

/// A wrapper for an ``HKBloodType`` value, as the health store returns it.
public final class HKBloodTypeObject: NSObject, @unchecked Sendable {
    /// The blood type.
    public let bloodType: HKBloodType

    package init(bloodType: HKBloodType) {
        self.bloodType = bloodType
        super.init()
    }
}
