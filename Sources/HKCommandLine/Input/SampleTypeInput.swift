import OpenHealthKit

extension CommandLineInput {
    /// A type whose samples `hk samples` lists and adds: a quantity or category type.
    static func quantityOrCategoryType(named name: String) throws -> HKSampleType {
        let type = try objectType(named: name)
        guard let sampleType = type as? HKSampleType, type is HKQuantityType || type is HKCategoryType else {
            throw HKError.invalidArgument(
                "\(name) is \(kindDescription(of: type)): hk samples handles quantity and category types"
                    + (type is HKCharacteristicType ? " (characteristics: hk me)" : "")
            )
        }
        return sampleType
    }

    /// A type of samples (quantity, category, correlation, workout or series), as `hk sources` takes it.
    static func sampleType(named name: String) throws -> HKSampleType {
        let type = try objectType(named: name)
        guard let sampleType = type as? HKSampleType else {
            throw HKError.invalidArgument("\(name) is \(kindDescription(of: type)), not a type of samples")
        }
        return sampleType
    }

    /// "a correlation type", "an activitySummary type": the kind `hk types` gives the type.
    private static func kindDescription(of type: HKObjectType) -> String {
        let kind = TypeCatalog.entries.first { $0.identifier == type.identifier }?.kind.rawValue ?? "unknown"
        return (kind.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + kind + " type"
    }
}
