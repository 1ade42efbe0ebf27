extension Schema {
    /// Migration `v19: sharing between people` (PostgreSQL only): `person_share`, what one user (`user_id`, the
    /// owner of the data) shares with another (`recipient_id`), by Health's category ids.
    ///
    /// The table has `user_id`, so the migrator gives it the policy every user table has: the owner reads, adds,
    /// changes and removes their shares. Two more policies let the recipient read a share made to them and remove it
    /// (leave it), never change it: with a user bound, no one else sees a row. A share belongs to two users, so the
    /// index by recipient does not lead with `user_id` (the one exception to decision 0025; with Citus it would be a
    /// reference table). No foreign key spans users: `hk users remove` removes the shares made to the one removed
    /// (``PostgresAccounts/remove(name:)``), and readers join `health_user`.
    static let peopleSharing = [
        """
        CREATE TABLE person_share (
            user_id bigint NOT NULL,
            recipient_id bigint NOT NULL,
            categories text[] NOT NULL,
            created_at double precision NOT NULL,
            PRIMARY KEY (user_id, recipient_id),
            CHECK (recipient_id <> user_id),
            CHECK (cardinality(categories) > 0)
        )
        """,
        "CREATE INDEX person_share_by_recipient ON person_share (recipient_id, user_id)",
        """
        CREATE POLICY shared_with_recipient ON person_share FOR SELECT
            USING (recipient_id = (SELECT openhealthkit_user()))
        """,
        """
        CREATE POLICY left_by_recipient ON person_share FOR DELETE
            USING (recipient_id = (SELECT openhealthkit_user()))
        """,
    ]
}
