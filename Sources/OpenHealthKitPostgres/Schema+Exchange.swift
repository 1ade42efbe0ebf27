extension Schema {
    /// What a Health export holds beyond samples (as in the SQLite storage's v3): the children of samples (route
    /// locations, heartbeats, audiogram points, workout statistics and activities), which go with their sample (ON
    /// DELETE CASCADE), activity summaries, clinical records, and records of types the catalog does not know. Rows
    /// read "in the order they were stored" carry an `id` from a sequence.
    static let exchange = [
        """
        CREATE TABLE route_location (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            id bigserial NOT NULL,
            timestamp double precision NOT NULL,
            latitude double precision NOT NULL,
            longitude double precision NOT NULL,
            altitude double precision,
            horizontal_accuracy double precision,
            vertical_accuracy double precision,
            course double precision,
            speed double precision,
            course_accuracy double precision,
            speed_accuracy double precision,
            PRIMARY KEY (user_id, sample_id, id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX route_location_by_sample ON route_location (user_id, sample_id, timestamp)",
        """
        CREATE TABLE heartbeat (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            position bigint NOT NULL,
            bpm double precision NOT NULL,
            time_since_start double precision,
            time_text text NOT NULL,
            PRIMARY KEY (user_id, sample_id, position),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE audiogram_point (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            position bigint NOT NULL,
            frequency double precision NOT NULL,
            left_ear double precision,
            right_ear double precision,
            attributes text,
            PRIMARY KEY (user_id, sample_id, position),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE workout_statistics (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            id bigserial NOT NULL,
            activity_uuid uuid,
            type text NOT NULL,
            start_date double precision,
            end_date double precision,
            average double precision,
            minimum double precision,
            maximum double precision,
            sum double precision,
            unit text,
            PRIMARY KEY (user_id, sample_id, id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE workout_activity (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            id bigserial NOT NULL,
            uuid uuid NOT NULL,
            start_date double precision NOT NULL,
            end_date double precision,
            duration double precision,
            metadata text,
            events text,
            PRIMARY KEY (user_id, sample_id, id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE activity_summary (
            user_id bigint NOT NULL,
            date text COLLATE "C" NOT NULL,
            active_energy_burned double precision,
            active_energy_burned_goal double precision,
            apple_move_time double precision,
            apple_move_time_goal double precision,
            apple_exercise_time double precision,
            apple_exercise_time_goal double precision,
            apple_stand_hours double precision,
            apple_stand_hours_goal double precision,
            export_date double precision,
            PRIMARY KEY (user_id, date)
        )
        """,
        """
        CREATE TABLE clinical_record (
            user_id bigint NOT NULL,
            id bigserial NOT NULL,
            uuid uuid NOT NULL,
            type text NOT NULL,
            identifier text NOT NULL,
            source_name text NOT NULL,
            source_url text,
            fhir_version text,
            received_date double precision,
            resource_file_path text,
            resource_type text,
            resource text,
            PRIMARY KEY (user_id, id),
            UNIQUE (user_id, uuid)
        )
        """,
        """
        CREATE TABLE unrecognized_record (
            user_id bigint NOT NULL,
            id bigserial NOT NULL,
            uuid uuid NOT NULL,
            element text NOT NULL,
            type text,
            start_date double precision,
            end_date double precision,
            source_name text,
            attributes text NOT NULL,
            children text,
            PRIMARY KEY (user_id, id),
            UNIQUE (user_id, uuid)
        )
        """,
    ]
}
