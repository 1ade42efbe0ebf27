import OpenHealthKit

/// A source as `hk sources` prints it.
struct SourceRecord: OutputRecord {
    let name: String
    let bundleIdentifier: String

    static let columns = ["name", "bundleIdentifier"]

    init(_ source: HKSource) {
        name = source.name
        bundleIdentifier = source.bundleIdentifier
    }

    var cells: [String] { [name, bundleIdentifier] }
}
