import GRDB

extension Schema {
    /// healthd's records: registered apps, background delivery requests and the append-only audit log.
    static func daemonRecords(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE registered_app (
                    bundle_identifier TEXT PRIMARY KEY,
                    -- The AppManifest as JSON.
                    manifest TEXT NOT NULL,
                    registered_at REAL NOT NULL,
                    credential_id TEXT NOT NULL,
                    credential_issued_at REAL NOT NULL,
                    credential_expires_at REAL NOT NULL,
                    revoked_at REAL
                );
                CREATE TABLE background_delivery (
                    bundle_identifier TEXT NOT NULL,
                    type_identifier TEXT NOT NULL,
                    frequency INTEGER NOT NULL,
                    PRIMARY KEY (bundle_identifier, type_identifier)
                );
                CREATE TABLE audit_entry (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    time REAL NOT NULL,
                    app TEXT NOT NULL,
                    operation TEXT NOT NULL,
                    -- Type identifiers separated by spaces.
                    types TEXT NOT NULL,
                    sample_count INTEGER NOT NULL,
                    error_code INTEGER
                );
                CREATE INDEX audit_entry_by_app ON audit_entry(app, time);
                CREATE INDEX audit_entry_by_time ON audit_entry(time);
                CREATE TRIGGER audit_entry_is_append_only_update BEFORE UPDATE ON audit_entry
                    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
                CREATE TRIGGER audit_entry_is_append_only_delete BEFORE DELETE ON audit_entry
                    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
                """)
    }

    /// Permission requests waiting for the owner, kept so that they outlive a restart of healthd.
    static func pendingAuthorizations(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE pending_authorization (
                    id TEXT PRIMARY KEY,
                    bundle_identifier TEXT NOT NULL,
                    -- Type identifiers separated by spaces.
                    to_share TEXT NOT NULL,
                    to_read TEXT NOT NULL,
                    created_at REAL NOT NULL
                );
                """)
    }

    /// The imports started from the web app, kept so that their pages outlive a restart (`detail` is the web app's
    /// JSON), and the app an owner's audit entry acted on.
    static func importJobs(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE import_job (
                    id TEXT PRIMARY KEY,
                    file_name TEXT NOT NULL,
                    started_at REAL NOT NULL,
                    updated_at REAL NOT NULL,
                    state TEXT NOT NULL,
                    detail TEXT NOT NULL
                );
                ALTER TABLE audit_entry ADD COLUMN subject TEXT;
                """)
    }
}
