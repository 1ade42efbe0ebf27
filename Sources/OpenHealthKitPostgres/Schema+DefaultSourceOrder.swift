import OpenHealthKitEngine

/// Migration `v17: Apple's default source order`: the default order of sources became Apple's
/// (``SourcePriority/Standing``). A read of aggregates ranked the old way would find the ranking changed and compute
/// from the samples until a write built them again, so every user's aggregates go; they are built again on first
/// use (``PostgresStatisticsAggregates``), type by type, and the migration's transaction stays short.
/// `TRUNCATE` empties the tables of every user at once: row-level security filters rows, not a truncation.
extension Schema {
    static let defaultSourceOrder = ["TRUNCATE statistics_bucket, statistics_hour, statistics_ranking"]
}
