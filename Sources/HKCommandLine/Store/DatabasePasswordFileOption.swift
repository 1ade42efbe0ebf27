import ArgumentParser

/// `--database-password-file`, for every command that opens a PostgreSQL database: the password is read from this
/// file (or `PGPASSWORD`), never from the URL, so that it shows in no process listing or shell history.
struct DatabasePasswordFileOption: ParsableArguments {
    @Option(
        name: .customLong("database-password-file"),
        help: ArgumentHelp(
            "A file (readable by you only) whose first line is the database's password.", valueName: "path")
    )
    var path: String?
}
