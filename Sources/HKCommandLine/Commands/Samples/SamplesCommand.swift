import ArgumentParser

/// `hk samples`: list (the default), add and delete samples.
struct SamplesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "List, add and delete quantity and category samples.",
        discussion: "hk samples TYPE ... is hk samples list TYPE ...",
        subcommands: [SamplesListCommand.self, SamplesAddCommand.self, SamplesDeleteCommand.self],
        defaultSubcommand: SamplesListCommand.self
    )
}
