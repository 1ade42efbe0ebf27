import ArgumentParser

/// `hk ingest-keys`: the keys a phone app pushes a person's data with (list, the default; add; revoke).
struct IngestKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest-keys",
        abstract: "Add, list and revoke the keys phone apps push data with (POST /v1/ingest/health-auto-export).",
        discussion: """
            hk ingest-keys is hk ingest-keys list. A key stores pushes in one person's store and reads nothing: it is \
            no app credential. The keys of a SQLite store (--store, else $OPENHEALTHKIT_STORE) are its owner's; on a \
            PostgreSQL database (--database), --user names whose (default: owner). A name is 1 to 64 of a-z, 0-9, \
            '.', '_' or '-', starting with a letter or digit. docs/INGEST.md shows how to point the app at healthd.
            """,
        subcommands: [IngestKeysListCommand.self, IngestKeysAddCommand.self, IngestKeysRevokeCommand.self],
        defaultSubcommand: IngestKeysListCommand.self
    )
}
