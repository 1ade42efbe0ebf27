/// Migration `v13: statistics aggregates`: the statistics aggregates of SQLite's `v9`, `v11` and `v12`
/// (``StatisticsAggregateStorage``, docs/ARCHITECTURE.md "Statistics aggregates"), one user's rows apart from
/// another's.
///
/// - `statistics_bucket` (quarter hours) and `statistics_hour` (hours) hold, per user and type, a merged row
///   (`source_id` 0) and a row per source for every bucket a sample of the type overlaps, with the time-weighted
///   columns of SQLite's `v12`.
/// - `statistics_ranking` says, per user and type, whether the type's aggregates are built: no row, not yet (they
///   are built whole on first use, ``PostgresStatisticsAggregates``); `sources` the source ids in the rank order the
///   merged rows were computed with; NULL, the type keeps none (a sample its buckets cannot hold).
///
/// The migration only makes the tables: it builds nothing, so that its transaction (which every healthd starting on
/// the database waits for) stays as short as its DDL whatever the users hold. Each table has `user_id`, so
/// ``Schema/protectUserTables(_:boundByDatabase:)`` gives it forced row-level security, the `user_rows` policy and the daemon role's
/// privileges in the same transaction.
extension Schema {
    static let statisticsAggregates =
        [
            """
            CREATE TABLE statistics_ranking (
                user_id bigint NOT NULL,
                type_id integer NOT NULL REFERENCES object_type (id),
                sources text,
                PRIMARY KEY (user_id, type_id)
            )
            """
        ] + ["statistics_bucket", "statistics_hour"].map(bucketTable)

    /// The table of bucket rows of one length.
    private static func bucketTable(_ name: String) -> String {
        """
        CREATE TABLE \(name) (
            user_id bigint NOT NULL,
            type_id integer NOT NULL,
            source_id bigint NOT NULL,
            bucket bigint NOT NULL,
            members integer NOT NULL,
            spanning integer NOT NULL,
            sum double precision NOT NULL,
            value_sum double precision NOT NULL,
            minimum double precision NOT NULL,
            maximum double precision NOT NULL,
            latest_start double precision NOT NULL,
            latest_end double precision NOT NULL,
            latest_value double precision NOT NULL,
            earliest_start double precision NOT NULL,
            latest_member_end double precision NOT NULL,
            weighted_sum double precision NOT NULL,
            weight double precision NOT NULL,
            first_start double precision,
            tail_date double precision,
            tail_quantity double precision NOT NULL,
            tail_count integer NOT NULL,
            PRIMARY KEY (user_id, type_id, source_id, bucket)
        )
        """
    }
}
