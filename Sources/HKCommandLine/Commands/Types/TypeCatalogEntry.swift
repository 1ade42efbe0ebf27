import OpenHealthKit

/// One type of the catalog as `hk types` prints it.
struct TypeCatalogEntry: OutputRecord {
    /// One case of a category type's value enumeration.
    struct Value: Encodable {
        let name: String
        let value: Int
    }

    /// The short name, e.g. `stepCount`.
    let name: String
    /// The raw identifier, e.g. `HKQuantityTypeIdentifierStepCount`.
    let identifier: String
    let kind: TypeKind
    /// The canonical unit string (quantity types only).
    var unit: String?
    /// The aggregation style's case name, e.g. `cumulative` (quantity types only).
    var aggregationStyle: String?
    /// Whether apps may ask to write (share) it.
    let writable: Bool
    /// The value enumeration (category types only).
    var values: [Value]?

    static let columns = ["name", "identifier", "kind", "unit", "aggregationStyle", "writable", "values"]

    var cells: [String] {
        [
            name, identifier, kind.rawValue, unit ?? "", aggregationStyle ?? "", String(writable),
            values?.map { "\($0.name)=\($0.value)" }.joined(separator: " ") ?? "",
        ]
    }
}
