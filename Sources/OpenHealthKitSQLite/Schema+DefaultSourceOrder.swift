import GRDB

extension Schema {
    /// The default source order became Apple's (``SourcePriority/Standing``): entries made by hand, then Apple's
    /// devices, then apps newest first, where it was "first stored counts first". A read of a type whose aggregates
    /// were ranked the old way finds the ranking changed and computes from the samples; so every type with
    /// aggregates has its stored ranking compared with the new one, and only the types whose order changed are built
    /// again, whole (those with sources of different standings, or two apps).
    static func defaultSourceOrder(_ db: Database) throws {
        try StatisticsAggregates(db).checkRankings(
            of: try Int64.fetchAll(db, sql: "SELECT type_id FROM statistics_ranking"))
    }
}
