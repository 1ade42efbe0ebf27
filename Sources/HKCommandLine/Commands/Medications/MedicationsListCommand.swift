import ArgumentParser
import OpenHealthKit
import OpenHealthKitEngine

/// `hk medications list`: every medication the owner tracks, by name.
struct MedicationsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the medications you track (archived ones too), by name.")

    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let medications = try await store.openEngine().medications(matching: nil, limit: 0, as: try Principal.owner())
        try output.print(medications.map(MedicationRecord.init))
    }
}
