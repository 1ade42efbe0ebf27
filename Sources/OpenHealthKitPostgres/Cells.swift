import PostgresNIO

/// A row's cells read in order: `var cells = Cells(row); let uuid: UUID = try cells.next()`.
struct Cells {
    private var iterator: PostgresRow.Iterator

    init(_ row: PostgresRow) {
        iterator = row.makeIterator()
    }

    /// The next cell's value (nil for a NULL when `Value` is optional).
    mutating func next<Value: PostgresDecodable>(_ type: Value.Type = Value.self) throws -> Value {
        guard let cell = iterator.next() else {
            throw PostgresFailure(sqlState: "XX000", message: "a row has fewer columns than read")
        }
        return try cell.decode(Value.self)
    }
}
