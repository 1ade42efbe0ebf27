import ArgumentParser

/// `hk database`: an administrator's steps on a PostgreSQL database (`init`).
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database",
        abstract: "Prepare a PostgreSQL database for OpenHealthKit, as its administrator.",
        subcommands: [DatabaseInitCommand.self]
    )
}
