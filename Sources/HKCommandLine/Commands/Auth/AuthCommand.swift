import ArgumentParser

/// `hk auth`: the apps' permission requests waiting for the owner: list them (the default), answer one.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "List the apps' permission requests waiting for you, and answer them.",
        discussion:
            "hk auth is hk auth pending. These commands act as the owner through a running healthd, as hk apps does.",
        subcommands: [AuthPendingCommand.self, AuthAnswerCommand.self],
        defaultSubcommand: AuthPendingCommand.self
    )
}
