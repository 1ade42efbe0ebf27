import PostgresNIO

/// Each user's longest sample duration per type (`type_extent`), which bounds range scans (see RowConditionSQL).
enum TypeExtent {
    /// Raises the recorded durations to at least `longest` (type id: seconds).
    static func raise(_ longest: [Int32: Double], _ write: AnchoredWrite) throws {
        guard !longest.isEmpty else { return }
        var binds = Binds()
        let user = binds.add(write.user), types = binds.add(Array(longest.keys))
        let durations = binds.add(longest.keys.map { longest[$0]! })
        try write.session.execute(
            """
            INSERT INTO type_extent (user_id, type_id, max_duration)
            SELECT \(user), * FROM unnest(\(types)::int4[], \(durations)::float8[])
            ON CONFLICT (user_id, type_id) DO UPDATE SET max_duration = EXCLUDED.max_duration
            WHERE type_extent.max_duration < EXCLUDED.max_duration
            """, binds.bindings)
    }
}
