import GRDB
import OpenHealthKitEngine

extension Schema {
    /// The 15-minute statistics aggregates of quantity types (docs/ARCHITECTURE.md "Statistics aggregates"):
    /// `statistics_bucket` holds a merged row (`source_id` 0) and a row per source for every bucket a sample of the
    /// type overlaps; `statistics_ranking` the source ranking the merged rows were computed with. Triggers note the
    /// span of every sample inserted or deleted in `statistics_dirty`, which ``StatisticsAggregates/maintain()``
    /// empties before the writing transaction commits. The migration notes every type in `statistics_dirty`; the
    /// aggregates of the existing samples are built by the last migration that changes them (`v12: time-weighted
    /// aggregates`), once both lengths' tables exist.
    /// The `CREATE TABLE` of a table of bucket rows (v9's quarter hours, v11's hours): one statement for both, as
    /// applied by those migrations, so it never changes.
    static func bucketTable(_ name: String) -> String {
        """
        CREATE TABLE \(name) (
            type_id INTEGER NOT NULL,
            source_id INTEGER NOT NULL,
            bucket INTEGER NOT NULL,
            members INTEGER NOT NULL,
            spanning INTEGER NOT NULL,
            sum REAL NOT NULL,
            value_sum REAL NOT NULL,
            minimum REAL NOT NULL,
            maximum REAL NOT NULL,
            latest_start REAL NOT NULL,
            latest_end REAL NOT NULL,
            latest_value REAL NOT NULL,
            earliest_start REAL NOT NULL,
            latest_member_end REAL NOT NULL,
            PRIMARY KEY (type_id, source_id, bucket)
        ) WITHOUT ROWID;
        """
    }

    static func statisticsAggregates(_ db: Database) throws {
        try db.execute(
            sql: """
                \(bucketTable("statistics_bucket"))
                CREATE TABLE statistics_ranking (
                    type_id INTEGER PRIMARY KEY,
                    -- Source ids in rank order, comma-separated.
                    sources TEXT NOT NULL
                );
                -- A null start asks for the ranking check alone (a priority setting changed).
                CREATE TABLE statistics_dirty (type_id INTEGER NOT NULL, start_date REAL, end_date REAL);
                CREATE TRIGGER statistics_sample_inserted AFTER INSERT ON sample BEGIN
                    INSERT INTO statistics_dirty VALUES (NEW.type_id, NEW.start_date, NEW.end_date);
                END;
                CREATE TRIGGER statistics_sample_deleted AFTER DELETE ON sample BEGIN
                    INSERT INTO statistics_dirty VALUES (OLD.type_id, OLD.start_date, OLD.end_date);
                END;
                INSERT INTO statistics_dirty (type_id) SELECT DISTINCT type_id FROM sample;
                """)
    }
}

extension Schema {
    /// The two writers of `sample` (``SampleInserter``, ``SampleDeleter``) note what they write in
    /// `statistics_dirty` themselves, and the triggers that did go. A row trigger made every insert a statement that
    /// writes two tables, so SQLite opened a statement journal for each one (to undo half a statement should a
    /// foreign key check fail): it tripled the time of a large save (docs/performance-log.md, "The triggers were
    /// most of the rest").
    static func writersNoteStatistics(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER statistics_sample_inserted;
                DROP TRIGGER statistics_sample_deleted;
                """)
    }
}

extension Schema {
    /// The writers of `sample` note what they write in memory (``StatisticsNotes``), read by ``StatisticsUpkeep``
    /// before the transaction commits, as PostgreSQL's do: `statistics_dirty` goes. The notes keep the values a
    /// transaction inserted, so that the hours no earlier sample overlaps are computed without reading back what it
    /// just wrote. Every writing transaction emptied the table before it committed; what the triggers of v9 to v12
    /// noted and no write maintained since is maintained now, before the table goes.
    static func statisticsNotedInMemory(_ db: Database) throws {
        var notes = StatisticsNotes()
        for row in try Row.fetchAll(db, sql: "SELECT type_id, start_date, end_date FROM statistics_dirty") {
            if let start = row[1] as Double?, let end = row[2] as Double? {
                notes.noteDeleted(type: row[0], start: start, end: end)
            } else {
                notes.noteRanking(type: row[0])
            }
        }
        try StatisticsAggregates(db).maintain(&notes)
        try db.execute(sql: "DROP TABLE statistics_dirty")
    }
}
