import GRDB

extension Schema {
    /// The default source order became Apple's (``SourcePriority/Standing``): entries made by hand, then Apple's
    /// devices, then apps newest first, where it was "first stored counts first". A read of a type whose aggregates
    /// were ranked the old way finds the ranking changed and computes from the samples; so every type with
    /// aggregates is noted without a span, and maintenance compares its stored ranking with the new one and builds
    /// again, whole, only the types whose order changed (those with sources of different standings, or two apps).
    static func defaultSourceOrder(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO statistics_dirty (type_id) SELECT type_id FROM statistics_ranking")
        try StatisticsAggregates(db).maintain()
    }
}
