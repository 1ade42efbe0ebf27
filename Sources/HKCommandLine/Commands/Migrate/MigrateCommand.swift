import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres

/// `hk migrate --from A --to B --user NAME`: moves one person's store between a SQLite file and a user of a
/// PostgreSQL database, either way, then prints each kind of record's count and checksum on both sides.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy a SQLite store into a user of a PostgreSQL database, or a user's store into a new SQLite file.",
        discussion: """
            One side is a SQLite file, the other postgresql://USER@HOST:PORT/DB with --user, a user that \
            `hk users add` made (the password comes from PGPASSWORD or --database-password-file). The destination \
            must be empty: a user without data, or a file that does not exist yet (created readable by you only). \
            UUIDs, sources, dates, metadata and sync identifiers are kept; anchors are renumbered in the same order. \
            Apps are copied without their credentials: register each listed app again with `hk apps register`. \
            Exits 0 when every count and checksum is equal on both sides, 1 otherwise, 2 on bad input (nothing is \
            changed).
            """
    )

    @Option(help: ArgumentHelp("The store to copy: a SQLite file or a postgresql:// URL.", valueName: "path-or-url"))
    var from: String

    @Option(help: ArgumentHelp("Where to copy it: a new SQLite file or a postgresql:// URL.", valueName: "path-or-url"))
    var to: String

    @Option(help: ArgumentHelp("The user of the PostgreSQL database.", valueName: "name"))
    var user: String?

    @OptionGroup var databasePasswordFile: DatabasePasswordFileOption

    @Option(help: ArgumentHelp("How many samples each transaction writes.", valueName: "count"))
    var batchSize = 5_000

    @OptionGroup var output: FormatOption

    func validate() throws {
        if from.isEmpty || to.isEmpty { throw ValidationError("--from and --to need a file path or a URL") }
        switch (PostgreSQLAddress.isURL(from), PostgreSQLAddress.isURL(to)) {
        case (true, true): throw ValidationError("one side must be a SQLite file: --from and --to are both databases")
        case (false, false):
            throw ValidationError("one side must be a postgresql:// URL: --from and --to are both files")
        default: break
        }
        guard user != nil else { throw ValidationError("--user names the user of the PostgreSQL database") }
        guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1") }
    }

    func run() async throws {
        let toDatabase = PostgreSQLAddress.isURL(to)
        let database = try MigrationDatabase.open(
            url: toDatabase ? to : from, passwordFile: databasePasswordFile.path, user: user ?? "")
        let file = MigrationFile(path: toDatabase ? from : to)
        let outcome: MigrationOutcome
        if toDatabase {
            let source = try file.openExisting()
            outcome = try database.receive { destination in
                try MigrationOutcome(source: source, destination: destination, batchSize: batchSize)
            }
        } else {
            let source = try database.openSource()
            outcome = try file.create { destination in
                try MigrationOutcome(source: source, destination: destination, batchSize: batchSize)
            }
        }
        try output.print(outcome.tallies)
        let registering =
            toDatabase
            ? "POST /v1/owner/apps on healthd --database \(database.address), signed in as \(database.user.name) "
                + "(Authorization: Basic with their name and secret; docs/HEALTHD.md)"
            : "hk apps register APP-FOLDER --store \(to) --healthd URL, on the healthd serving \(to)"
        outcome.printAppsToRegister(registering: registering, toStandardError: output.format != .table)
        if !outcome.isEqual { throw ExitCode(ExitStatus.failure.rawValue) }
    }
}
