extension Schema {
    /// Migration v6 (as the SQLite storage's): the kind-specific tables of quantity series, heartbeat series and
    /// electrocardiograms (audiograms keep v3's `audiogram_point`), each keyed by the user and its sample's row.
    ///
    /// A kind's summary row references its sample and goes with it (ON DELETE CASCADE). The bulk points are rows of
    /// their own, never `sample` rows: a series' quantities and a heartbeat series' beats carry no foreign key (a day
    /// of 1 Hz data is 86,400 rows, and a per-row key check would cost more than writing them), so the one statement
    /// that deletes samples deletes them too (``Tombstones``); an electrocardiogram's voltages are one packed `bytea`
    /// per lead (``VoltageBlob``, as SQLite keeps them), a few rows that keep their key.
    static let seriesAndRecordings = [
        """
        CREATE TABLE quantity_series (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            count bigint NOT NULL,
            minimum double precision NOT NULL,
            maximum double precision NOT NULL,
            most_recent double precision NOT NULL,
            most_recent_start double precision NOT NULL,
            most_recent_end double precision NOT NULL,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        // One row per quantity, by series and start (start dates are unique within a series).
        """
        CREATE TABLE quantity_series_value (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            start_date double precision NOT NULL,
            end_date double precision NOT NULL,
            value double precision NOT NULL,
            PRIMARY KEY (user_id, sample_id, start_date)
        )
        """,
        """
        CREATE TABLE heartbeat_series (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            count bigint NOT NULL,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE heartbeat_series_beat (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            position bigint NOT NULL,
            time_since_start double precision NOT NULL,
            preceded_by_gap boolean NOT NULL,
            PRIMARY KEY (user_id, sample_id, position)
        )
        """,
        """
        CREATE TABLE electrocardiogram (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            classification bigint NOT NULL,
            symptoms_status bigint NOT NULL,
            average_heart_rate double precision,
            sampling_frequency double precision,
            voltage_count bigint NOT NULL,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE electrocardiogram_lead (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            lead bigint NOT NULL,
            microvolts bytea NOT NULL,
            PRIMARY KEY (user_id, sample_id, lead),
            FOREIGN KEY (user_id, sample_id) REFERENCES electrocardiogram (user_id, sample_id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE electrocardiogram_symptom (
            user_id bigint NOT NULL,
            electrocardiogram_id bigint NOT NULL,
            symptom_id bigint NOT NULL,
            PRIMARY KEY (user_id, electrocardiogram_id, symptom_id),
            FOREIGN KEY (user_id, electrocardiogram_id) REFERENCES sample (user_id, id) ON DELETE CASCADE,
            FOREIGN KEY (user_id, symptom_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX electrocardiogram_symptom_by_symptom ON electrocardiogram_symptom (user_id, symptom_id)",
    ]
}
