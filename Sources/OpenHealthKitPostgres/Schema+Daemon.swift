extension Schema {
    /// healthd's records: registered apps, background delivery requests and the append-only audit log.
    static let daemonRecords = [
        """
        CREATE TABLE registered_app (
            user_id bigint NOT NULL,
            bundle_identifier text NOT NULL,
            manifest text NOT NULL,
            registered_at double precision NOT NULL,
            credential_id text NOT NULL,
            credential_issued_at double precision NOT NULL,
            credential_expires_at double precision NOT NULL,
            revoked_at double precision,
            PRIMARY KEY (user_id, bundle_identifier)
        )
        """,
        """
        CREATE TABLE background_delivery (
            user_id bigint NOT NULL,
            bundle_identifier text NOT NULL,
            type_identifier text COLLATE "C" NOT NULL,
            frequency integer NOT NULL,
            PRIMARY KEY (user_id, bundle_identifier, type_identifier)
        )
        """,
        """
        CREATE TABLE audit_entry (
            user_id bigint NOT NULL,
            id bigint NOT NULL,
            time double precision NOT NULL,
            app text NOT NULL,
            operation text NOT NULL,
            types text NOT NULL,
            sample_count bigint NOT NULL,
            error_code bigint,
            PRIMARY KEY (user_id, id)
        )
        """,
        "CREATE INDEX audit_entry_by_app ON audit_entry (user_id, app, time)",
        "CREATE INDEX audit_entry_by_time ON audit_entry (user_id, time)",
        // Each user's last audit entry id: an append takes the next under the row's lock, so ids follow commit order
        // (a reader paging by id never skips an entry committed late).
        "CREATE TABLE audit_sequence (user_id bigint PRIMARY KEY, value bigint NOT NULL)",
        "INSERT INTO audit_sequence (user_id, value) VALUES (1, 0)",
        // Append-only. The one exception is the removal of a whole user, which sets openhealthkit.removing_user to
        // that user's id for its transaction.
        """
        CREATE FUNCTION audit_entry_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' AND current_setting('openhealthkit.removing_user', true) = OLD.user_id::text THEN
                RETURN OLD;
            END IF;
            RAISE EXCEPTION 'the audit log is append-only';
        END
        $$
        """,
        """
        CREATE TRIGGER audit_entry_is_append_only BEFORE UPDATE OR DELETE ON audit_entry
            FOR EACH ROW EXECUTE FUNCTION audit_entry_is_append_only()
        """,
    ]

    /// Permission requests waiting for the owner, kept so that they outlive a restart of healthd.
    static let pendingAuthorizations = [
        """
        CREATE TABLE pending_authorization (
            user_id bigint NOT NULL,
            id uuid NOT NULL,
            bundle_identifier text NOT NULL,
            to_share text NOT NULL,
            to_read text NOT NULL,
            created_at double precision NOT NULL,
            PRIMARY KEY (user_id, id)
        )
        """
    ]

    /// Migration v8 (as the SQLite storage's): the imports started from the web app, kept so that their pages outlive
    /// a restart (`detail` is the web app's JSON, kept as is), and the app an owner's audit entry acted on.
    static let importJobs = [
        """
        CREATE TABLE import_job (
            user_id bigint NOT NULL,
            id text NOT NULL,
            file_name text NOT NULL,
            started_at double precision NOT NULL,
            updated_at double precision NOT NULL,
            state text NOT NULL,
            detail text NOT NULL,
            PRIMARY KEY (user_id, id)
        )
        """,
        "ALTER TABLE audit_entry ADD COLUMN subject text",
    ]
}
