import GRDB

extension Schema {
    /// Migration v6: the kind-specific tables of quantity series, heartbeat series and electrocardiograms (audiograms
    /// keep v3's `audiogram_point`). Each is keyed by its sample's row and goes with it (ON DELETE CASCADE); bulk points
    /// are child rows (series values, beats) or one packed blob per lead (voltages), never `sample` rows.
    static func seriesAndRecordings(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE quantity_series (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    count INTEGER NOT NULL,
                    -- In the type's canonical unit; the most recent quantity is the one starting last.
                    minimum REAL NOT NULL,
                    maximum REAL NOT NULL,
                    most_recent REAL NOT NULL,
                    most_recent_start REAL NOT NULL,
                    most_recent_end REAL NOT NULL
                );
                -- One row per quantity, clustered by series and start (start dates are unique within a series).
                CREATE TABLE quantity_series_value (
                    sample_id INTEGER NOT NULL REFERENCES quantity_series(sample_id) ON DELETE CASCADE,
                    start_date REAL NOT NULL,
                    end_date REAL NOT NULL,
                    value REAL NOT NULL,
                    PRIMARY KEY (sample_id, start_date)
                ) WITHOUT ROWID;
                CREATE TABLE heartbeat_series (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    count INTEGER NOT NULL
                );
                -- The beats as written: their order, seconds since the series' start, and the gap flag.
                CREATE TABLE heartbeat_series_beat (
                    sample_id INTEGER NOT NULL REFERENCES heartbeat_series(sample_id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    time_since_start REAL NOT NULL,
                    preceded_by_gap INTEGER NOT NULL,
                    PRIMARY KEY (sample_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE electrocardiogram (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    -- HealthKit's raw values of HKElectrocardiogram.Classification and .SymptomsStatus.
                    classification INTEGER NOT NULL,
                    symptoms_status INTEGER NOT NULL,
                    average_heart_rate REAL,
                    sampling_frequency REAL,
                    voltage_count INTEGER NOT NULL
                );
                -- Each lead's voltages in microvolts: little-endian IEEE 754 doubles, one per sampling period.
                CREATE TABLE electrocardiogram_lead (
                    sample_id INTEGER NOT NULL REFERENCES electrocardiogram(sample_id) ON DELETE CASCADE,
                    lead INTEGER NOT NULL,
                    microvolts BLOB NOT NULL,
                    PRIMARY KEY (sample_id, lead)
                ) WITHOUT ROWID;
                -- The symptom samples reported with an electrocardiogram.
                CREATE TABLE electrocardiogram_symptom (
                    electrocardiogram_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    symptom_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    PRIMARY KEY (electrocardiogram_id, symptom_id)
                ) WITHOUT ROWID;
                CREATE INDEX electrocardiogram_symptom_by_symptom ON electrocardiogram_symptom(symptom_id);
                """)
    }
}
