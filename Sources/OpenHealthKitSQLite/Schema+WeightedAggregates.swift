import GRDB

extension Schema {
    /// Aggregates of time-weighted types (heart rate, sound levels; docs/ARCHITECTURE.md "Statistics aggregates"):
    /// both bucket tables gain the weighted sum and weight of a bucket with every hold cut at its end, the first
    /// start of a sample starting in it, and the readings its end cut short (`tail_date`, the sum of their weighted
    /// quantities, their count), from which a composition extends those holds. The types that have no aggregates
    /// (no ranking: v11 forgot every one) are built, once, by this last migration that changes them.
    static func timeWeightedAggregates(_ db: Database) throws {
        for table in ["statistics_bucket", "statistics_hour"] {
            try db.execute(
                sql: """
                    ALTER TABLE \(table) ADD COLUMN weighted_sum REAL NOT NULL DEFAULT 0;
                    ALTER TABLE \(table) ADD COLUMN weight REAL NOT NULL DEFAULT 0;
                    ALTER TABLE \(table) ADD COLUMN first_start REAL;
                    ALTER TABLE \(table) ADD COLUMN tail_date REAL;
                    ALTER TABLE \(table) ADD COLUMN tail_quantity REAL NOT NULL DEFAULT 0;
                    ALTER TABLE \(table) ADD COLUMN tail_count INTEGER NOT NULL DEFAULT 0;
                    """)
        }
        try StatisticsAggregates(db).checkRankings(
            of: try Int64.fetchAll(
                db,
                sql: "SELECT DISTINCT type_id FROM sample WHERE type_id NOT IN (SELECT type_id FROM statistics_ranking)"
            ))
    }
}
