public import Foundation

/// A type of quantity samples: a numeric value with a unit of a fixed dimension.
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
    /// How samples of this type combine in statistics: summed (cumulative) or averaged, minimized and maximized
    /// (discrete).
    public let aggregationStyle: HKQuantityAggregationStyle
    /// The unit values of this type are stored in (its dimension's reference for compatibility).
    package let canonicalUnit: HKUnit
    /// The short name, e.g. `"stepCount"`.
    package let name: String

    package init(descriptor: QuantityTypeDescriptor) {
        aggregationStyle = descriptor.aggregationStyle
        canonicalUnit = HKUnit(from: descriptor.canonicalUnit)
        name = descriptor.name
        super.init(identifier: descriptor.identifier.rawValue, isShareable: descriptor.isShareable)
    }

    /// The type for an identifier of the catalog. An identifier the catalog does not know raises, as in HealthKit.
    public convenience init(_ identifier: HKQuantityTypeIdentifier) {
        guard let descriptor = HealthKitCatalog.quantityTypesByIdentifier[identifier.rawValue] else {
            raiseInvalidArgumentException("Unknown quantity type identifier \(identifier.rawValue)")
        }
        self.init(descriptor: descriptor)
    }

    static func catalogType(_ identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        HealthKitCatalog.quantityTypesByIdentifier[identifier.rawValue].map(HKQuantityType.init(descriptor:))
    }

    /// Whether values in `unit` can be stored in this type: the unit has the type's dimension.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        unit.isCompatible(with: canonicalUnit)
    }

    /// Unarchives a quantity type; nil unless the archived identifier is a quantity type's.
    public required convenience init?(coder: NSCoder) {
        guard let identifier = coder.decodeString(forKey: "identifier"),
            let descriptor = HealthKitCatalog.quantityTypesByIdentifier[identifier]
        else { return nil }
        self.init(descriptor: descriptor)
    }
}
