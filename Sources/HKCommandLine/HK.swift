public import ArgumentParser

/// `hk`: the OpenHealthKit command-line tool.
///
/// Run it through ``execute(_:)`` (see `HK+Main.swift`), which gives every failure `hk`'s one-line message and exit status.
public struct HK: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "hk",
        abstract: "OpenHealthKit's command-line tool: units, types, samples, statistics, import and export.",
        subcommands: [
            UnitCommand.self, TypesCommand.self, SamplesCommand.self, SourcesCommand.self, MeCommand.self,
            StatsCommand.self,
            AppsCommand.self, AuthCommand.self, AuditCommand.self, ImportCommand.self,
            ExportCommand.self, WorkoutsCommand.self,
            MedicationsCommand.self, UsersCommand.self, IngestKeysCommand.self, WebhooksCommand.self,
            FHIRClientsCommand.self,
            MigrateCommand.self,
            DatabaseCommand.self,
        ]
    )
    /// An `hk` command with no arguments parsed yet.
    public init() {}
}
