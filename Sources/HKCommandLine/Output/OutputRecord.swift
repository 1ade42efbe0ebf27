/// One printed record of a command: its JSON form is its `Encodable` form, its table and CSV form is ``cells``.
///
/// Column names are the JSON keys, so the three formats name every field alike.
protocol OutputRecord: Encodable {
    /// The column names, in order.
    static var columns: [String] { get }
    /// The record's fields as text, one per column (empty when absent).
    var cells: [String] { get }
}
