extension Schema {
    /// Migration `v14: shared daemon state` (PostgreSQL only): what several healthd processes on one database must
    /// share beyond the records they already kept there. The Health web app's sessions, by the user and a SHA-256
    /// hash of the session id (the cookie's value is never stored), and the owner's answer to a permission request,
    /// kept on its row for a minute so that the healthd where the app waits reads it after the notification
    /// (``DaemonNotifications``). The new table has `user_id`, so the migrator protects it with row-level security.
    static let sharedDaemonState = [
        """
        CREATE TABLE web_session (
            user_id bigint NOT NULL,
            id_hash bytea NOT NULL,
            csrf_token text NOT NULL,
            last_use double precision NOT NULL,
            flash text,
            flash_is_error boolean NOT NULL DEFAULT false,
            PRIMARY KEY (user_id, id_hash)
        )
        """,
        "CREATE INDEX web_session_by_last_use ON web_session (user_id, last_use)",
        "ALTER TABLE pending_authorization ADD COLUMN answer text, ADD COLUMN answered_at double precision",
    ]
}
