import ArgumentParser

/// `hk apps`: the apps registered with healthd: list (the default), register, revoke.
struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "Register apps with a running healthd (issuing their credentials), list them, revoke them.",
        discussion:
            "hk apps is hk apps list. These commands act as the owner: see hk help apps list for how they find healthd.",
        subcommands: [AppsListCommand.self, AppsRegisterCommand.self, AppsRevokeCommand.self],
        defaultSubcommand: AppsListCommand.self
    )
}
