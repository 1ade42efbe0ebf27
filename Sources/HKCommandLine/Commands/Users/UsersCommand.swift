import ArgumentParser

/// `hk users`: the people of a PostgreSQL database: list (the default), add, remove.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Add, remove and list the users of a PostgreSQL database (healthd serves each their own store).",
        discussion: """
            hk users is hk users list. These commands work on the database --database names (or \
            $OPENHEALTHKIT_DATABASE), as its administrator: the login role must own the tables (it creates them on \
            first use). A name is 1 to 64 lower-case letters a-z, digits, '.', '_' or '-', starting with a letter or \
            digit.
            """,
        subcommands: [UsersListCommand.self, UsersAddCommand.self, UsersRemoveCommand.self],
        defaultSubcommand: UsersListCommand.self
    )
}
