/// A characteristic and its value as `hk me` prints it.
struct CharacteristicRecord: OutputRecord {
    let name: String
    /// The case name or date; absent for a date of birth that is not set.
    let value: String?

    static let columns = ["name", "value"]

    var cells: [String] { [name, value ?? ""] }
}
