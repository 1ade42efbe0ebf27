import PostgresNIO

/// One `INSERT` of many rows of a user: each column's values bound as one array, the rows read back with
/// `unnest(...) WITH ORDINALITY` in the arrays' order (so that ids from a sequence follow it).
///
/// ```swift
/// var insert = BulkInsert(user: write.user)
/// insert.column("sample_id", ids)
/// insert.column("bpm", rows.map(\.bpm))
/// try insert.run(into: "heartbeat", write.session, then: "ON CONFLICT DO NOTHING")
/// ```
struct BulkInsert {
    private var binds = Binds()
    private let user: String
    private var names: [String] = []
    private var arrays: [String] = []

    init(user id: Int64) {
        user = binds.add(id)
    }

    /// A column and its values, one per row.
    mutating func column<Element: ArrayElement>(_ name: String, _ values: [Element]) {
        names.append(name)
        arrays.append(binds.array(values))
    }

    /// A column whose values may be NULL.
    mutating func column<Element: ArrayElement>(_ name: String, _ values: [Element?]) {
        names.append(name)
        arrays.append(binds.array(values))
    }

    /// The statement: `INSERT INTO table (user_id, columns...) SELECT ... ORDER BY position`, then `suffix`
    /// (`ON CONFLICT ...`, `RETURNING ...`). `ordered` false leaves out the `ORDER BY`, a sort of the whole batch
    /// (on disk for a large one), where no id comes from a sequence as the rows are inserted.
    func statement(into table: String, then suffix: String = "", ordered: Bool = true)
        -> (sql: String, bindings: PostgresBindings)
    {
        let columns = names.joined(separator: ", ")
        let sql = """
            INSERT INTO \(table) (user_id, \(columns))
            SELECT \(user), \(names.map { "r.\($0)" }.joined(separator: ", ")) FROM unnest(\(arrays.joined(separator: ", "))) WITH ORDINALITY
                AS r(\(columns), batch_order)
            \(ordered ? "ORDER BY batch_order " : "")\(suffix)
            """
        return (sql, binds.bindings)
    }

    /// Runs the statement; returns how many rows it inserted.
    @discardableResult
    func run(into table: String, _ session: Session, then suffix: String = "", ordered: Bool = true) throws -> Int {
        let (sql, bindings) = statement(into: table, then: suffix, ordered: ordered)
        return try session.execute(sql, bindings)
    }
}
