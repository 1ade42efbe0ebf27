import ArgumentParser

/// `hk medications`: the medications the owner tracks and the doses they log (HealthKit's apps only read them).
struct MedicationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "medications",
        abstract: "List, add, archive or restore the medications you track; log a dose; list the doses logged.",
        discussion: "hk medications is hk medications list.",
        subcommands: [
            MedicationsListCommand.self, MedicationsAddCommand.self, MedicationsArchiveCommand.self,
            MedicationsLogCommand.self, MedicationsDosesCommand.self,
        ],
        defaultSubcommand: MedicationsListCommand.self
    )
}
