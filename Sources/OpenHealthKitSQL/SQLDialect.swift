package import OpenHealthKitEngine

/// What differs between the databases in the statements both storages share (``RowConditionSQL``): how a value is
/// bound, how booleans, lists, tuples and metadata tests are written, how far back a bounded date scan reaches, and
/// whether a subquery must name the user (PostgreSQL keeps every user's rows in the same tables; a SQLite file holds
/// one person's). A dialect also collects the values it binds, for its storage to send with the statement.
package protocol SQLDialect {
    /// Binds `value`; returns its placeholder.
    mutating func bind(_ value: SQLValue) -> String

    /// The literal of true (SQLite `1`, PostgreSQL `TRUE`).
    var trueLiteral: String { get }
    /// The literal of false.
    var falseLiteral: String { get }

    /// Whether `column` equals one of `values`, all of one kind and at least one.
    mutating func isOneOf(_ column: String, _ values: [SQLValue]) -> String

    /// Whether `columns` equal one of `tuples` of strings (at least one): one expression and a few values however
    /// many tuples, where a disjunction of each would pass the databases' limits on expressions and parameters.
    mutating func tuplesInclude(_ columns: [String], _ tuples: [[String]]) -> String

    /// In a subquery, the test (followed by `AND`) that the row `alias` is the user's of the row `other`; empty where
    /// a database holds one user.
    func sameUser(_ alias: String, as other: String) -> String

    /// `value` less the longest duration of the queried types: the earliest start a row overlapping `value` can
    /// have, so that a date test is a bounded scan of a start date index.
    mutating func lessLongestDuration(_ value: Double) -> String

    /// Whether the sample's metadata (`s.metadata`, the engine's JSON text) has `key`.
    mutating func metadataHasKey(_ key: String) -> String

    /// Whether the sample's metadata value for `key` compares with `value`: strings as strings (byte order), numbers
    /// and booleans (as 0 and 1) as numbers, dates by their seconds, quantities by their dimension's base and only
    /// with quantities of the same dimension.
    mutating func metadata(_ key: String, _ comparison: RowComparison, _ value: MetadataScalar) -> String

    /// Whether the sample's metadata value for `key` equals one of `values` (at least one).
    mutating func metadataIsOneOf(_ key: String, _ values: [MetadataScalar]) -> String

    /// The activity key of an effort related to a whole workout, not to one of its activities.
    var wholeWorkout: SQLValue { get }
}
