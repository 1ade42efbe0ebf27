import GRDB

extension Schema {
    /// What a Health export holds beyond samples: the children of samples that HealthKit keeps in series or lists
    /// (route locations, heartbeats, audiogram points, workout statistics and activities), activity summaries,
    /// clinical records, and records of types the catalog does not know, kept verbatim.
    ///
    /// Routes and audiograms are samples themselves (`sample` rows of `HKWorkoutRouteTypeIdentifier` and
    /// `HKDataTypeIdentifierAudiogram`; a route's `correlation_id` is its workout), so they carry a source, a device,
    /// metadata and an anchor like any sample. Children go with their sample (ON DELETE CASCADE).
    static func exchange(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE route_location (
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    timestamp REAL NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    altitude REAL,
                    horizontal_accuracy REAL,
                    vertical_accuracy REAL,
                    course REAL,
                    speed REAL,
                    course_accuracy REAL,
                    speed_accuracy REAL
                );
                CREATE INDEX route_location_by_sample ON route_location(sample_id, timestamp);
                CREATE TABLE heartbeat (
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    bpm REAL NOT NULL,
                    -- Seconds from the sample's start; NULL when the exported time of day could not be read.
                    time_since_start REAL,
                    -- The time of day as exported (locale-formatted).
                    time_text TEXT NOT NULL,
                    PRIMARY KEY (sample_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE audiogram_point (
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    frequency REAL NOT NULL,
                    left_ear REAL,
                    right_ear REAL,
                    attributes TEXT,
                    PRIMARY KEY (sample_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE workout_statistics (
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    activity_uuid BLOB,
                    type TEXT NOT NULL,
                    start_date REAL,
                    end_date REAL,
                    average REAL,
                    minimum REAL,
                    maximum REAL,
                    sum REAL,
                    unit TEXT
                );
                CREATE INDEX workout_statistics_by_sample ON workout_statistics(sample_id);
                CREATE TABLE workout_activity (
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    uuid BLOB NOT NULL,
                    start_date REAL NOT NULL,
                    end_date REAL,
                    duration REAL,
                    metadata TEXT,
                    events TEXT
                );
                CREATE INDEX workout_activity_by_sample ON workout_activity(sample_id);
                CREATE TABLE activity_summary (
                    date TEXT PRIMARY KEY,
                    active_energy_burned REAL,
                    active_energy_burned_goal REAL,
                    apple_move_time REAL,
                    apple_move_time_goal REAL,
                    apple_exercise_time REAL,
                    apple_exercise_time_goal REAL,
                    apple_stand_hours REAL,
                    apple_stand_hours_goal REAL,
                    export_date REAL
                );
                CREATE TABLE clinical_record (
                    id INTEGER PRIMARY KEY,
                    uuid BLOB NOT NULL UNIQUE,
                    type TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    source_name TEXT NOT NULL,
                    source_url TEXT,
                    fhir_version TEXT,
                    received_date REAL,
                    resource_file_path TEXT,
                    resource_type TEXT,
                    resource TEXT
                );
                CREATE TABLE unrecognized_record (
                    id INTEGER PRIMARY KEY,
                    uuid BLOB NOT NULL UNIQUE,
                    element TEXT NOT NULL,
                    type TEXT,
                    start_date REAL,
                    end_date REAL,
                    source_name TEXT,
                    attributes TEXT NOT NULL,
                    children TEXT
                );
                """)
    }
}
