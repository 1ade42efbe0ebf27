import OpenHealthKit

extension CommandLineInput {
    /// A quantity type, which statistics and source priorities are kept for.
    static func quantityType(named name: String) throws -> HKQuantityType {
        let type = try objectType(named: name)
        guard let quantityType = type as? HKQuantityType else {
            let kind = TypeCatalog.entries.first { $0.identifier == type.identifier }?.kind.rawValue ?? "another"
            throw HKError.invalidArgument(
                "\(name) is of kind \(kind): statistics and source priorities apply to quantity types "
                    + "(hk types --kind quantity lists them)")
        }
        return quantityType
    }

    /// A unit for values of `type`: one that measures the same thing as its canonical unit.
    static func unit(_ text: String, for type: HKQuantityType) throws -> HKUnit {
        let unit = try HKUnit(parsing: text)
        guard unit.isCompatible(with: type.canonicalUnit) else {
            throw HKError.invalidArgument(
                "unit \(unit.unitString) is not compatible with \(type.name), whose values are in \(type.canonicalUnit.unitString)"
            )
        }
        return unit
    }
}
