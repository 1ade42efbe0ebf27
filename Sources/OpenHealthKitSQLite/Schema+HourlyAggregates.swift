import GRDB

extension Schema {
    /// Hourly statistics aggregates beside the quarter hours (docs/ARCHITECTURE.md "Statistics aggregates"):
    /// `statistics_hour` holds, for every hour a sample of an aggregated type overlaps, the row `statistics_bucket`
    /// holds for a quarter hour (a merged row, `source_id` 0, and a row per source), computed from the samples over
    /// the hour. A read of days in a zone of whole-hour offset reads a quarter of the rows. The migration notes every
    /// type for both lengths to be computed again (the rankings are forgotten, so maintenance rebuilds each type
    /// whole); `v12: time-weighted aggregates` builds them.
    static func hourlyAggregates(_ db: Database) throws {
        try db.execute(
            sql: """
                \(bucketTable("statistics_hour"))
                DELETE FROM statistics_ranking;
                INSERT INTO statistics_dirty (type_id) SELECT DISTINCT type_id FROM sample;
                """)
    }
}
