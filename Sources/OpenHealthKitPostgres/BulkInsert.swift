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
    /// What each column's value is made of, by default the array's element.
    private var selected: [String] = []

    init(user id: Int64) {
        user = binds.add(id)
    }

    /// A column and its values, one per row.
    mutating func column<Element: ArrayElement>(_ name: String, _ values: [Element]) {
        names.append(name)
        arrays.append(binds.array(values))
        selected.append("r.\(name)")
    }

    /// A column whose values may be NULL; `select` makes the value from the array's element (`r.name`), e.g.
    /// `coalesce(r.id, nextval('sample_id_seq'))`.
    mutating func column<Element: ArrayElement>(_ name: String, _ values: [Element?], select: String? = nil) {
        names.append(name)
        arrays.append(binds.array(values))
        selected.append(select ?? "r.\(name)")
    }

    /// The statement: `INSERT INTO table (user_id, columns...) SELECT ... ORDER BY position`, then `suffix`
    /// (`ON CONFLICT ...`, `RETURNING ...`).
    func statement(into table: String, then suffix: String = "") -> (sql: String, bindings: PostgresBindings) {
        let columns = names.joined(separator: ", ")
        let sql = """
            INSERT INTO \(table) (user_id, \(columns))
            SELECT \(user), \(selected.joined(separator: ", ")) FROM unnest(\(arrays.joined(separator: ", "))) WITH ORDINALITY
                AS r(\(columns), batch_order)
            ORDER BY batch_order \(suffix)
            """
        return (sql, binds.bindings)
    }

    /// Runs the statement; returns how many rows it inserted.
    @discardableResult
    func run(into table: String, _ session: Session, then suffix: String = "") throws -> Int {
        let (sql, bindings) = statement(into: table, then: suffix)
        return try session.execute(sql, bindings)
    }
}
