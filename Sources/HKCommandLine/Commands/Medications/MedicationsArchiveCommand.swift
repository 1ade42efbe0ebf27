import ArgumentParser
import OpenHealthKit
import OpenHealthKitEngine

/// `hk medications archive CODE [--restore]`: archives a medication the owner no longer takes, or restores one.
struct MedicationsArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Archive a medication you no longer take (--restore: take it back).")

    @Argument(help: ArgumentHelp("The medication's code (hk medications list).", valueName: "code"))
    var code: String
    @Flag(help: "Restore an archived medication.")
    var restore = false
    @OptionGroup var store: StoreOption

    func run() async throws {
        let engine = try store.openExistingEngine("no medication has the code '\(code)'")
        let owner = try Principal.owner()
        guard
            let medication = try await engine.medications(matching: nil, limit: 0, as: owner)
                .first(where: { $0.medication.identifier.code == code })
        else { throw HKError.invalidArgument("no medication has the code '\(code)': see hk medications list") }
        var row = MedicationCoding.row(medication)
        row.isArchived = !restore
        try await engine.saveMedication(row, as: owner)
    }
}
