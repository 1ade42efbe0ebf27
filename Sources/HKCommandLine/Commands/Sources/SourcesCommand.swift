import ArgumentParser

/// `hk sources`: list the sources of a type (the default), and their priority in statistics.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List the sources that saved samples of a type; print or set their priority in statistics.",
        discussion: "hk sources TYPE ... is hk sources list TYPE ...",
        subcommands: [SourcesListCommand.self, SourcesPriorityCommand.self],
        defaultSubcommand: SourcesListCommand.self
    )
}
