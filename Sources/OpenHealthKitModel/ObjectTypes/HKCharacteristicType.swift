import Foundation

/// A type of data that does not change over time, set by the user (biological sex, date of birth...).
public final class HKCharacteristicType: HKObjectType, @unchecked Sendable {
    /// The type for an identifier of the catalog. An identifier the catalog does not know raises, as in HealthKit.
    public convenience init(_ identifier: HKCharacteristicTypeIdentifier) {
        guard HKCharacteristicTypeIdentifier.allCases.contains(identifier) else {
            raiseInvalidArgumentException("Unknown characteristic type identifier \(identifier.rawValue)")
        }
        self.init(identifier: identifier.rawValue)
    }

    static func catalogType(_ identifier: HKCharacteristicTypeIdentifier) -> HKCharacteristicType? {
        HKCharacteristicTypeIdentifier.allCases.contains(identifier)
            ? HKCharacteristicType(identifier: identifier.rawValue) : nil
    }
}
