import OpenHealthKit

/// The names `hk` prints types by.
enum TypeNames {
    /// The short name of the type with this raw identifier (`stepCount` for `HKQuantityTypeIdentifierStepCount`),
    /// or the identifier itself when no type has it.
    static func shortName(forIdentifier identifier: String) -> String {
        switch HKObjectType.type(forRawIdentifier: identifier) {
        case let type as HKQuantityType: return type.name
        case let type as HKCategoryType: return type.name
        default: return otherNames[identifier] ?? identifier
        }
    }

    private static let otherNames = Dictionary(
        TypeCatalog.entries.map { ($0.identifier, $0.name) }, uniquingKeysWith: { first, _ in first })
}
