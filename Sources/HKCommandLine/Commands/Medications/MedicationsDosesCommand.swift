import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk medications doses [CODE]`: the doses logged, newest first (of one medication, or all).
struct MedicationsDosesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doses", abstract: "List the doses logged, newest first (of one medication, or all).")

    @Argument(help: ArgumentHelp("A medication's code.", valueName: "code"))
    var code: String?
    @Option(help: ArgumentHelp("The most doses to list (0: all).", valueName: "n"))
    var limit = 100
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        if limit < 0 { throw HKError.invalidArgument("--limit must be 0 (all) or more, not \(limit)") }
        let engine = try store.openEngine()
        let owner = try Principal.owner()
        let names = await Dictionary(
            try engine.medications(matching: nil, limit: 0, as: owner).map {
                ($0.medication.identifier.code, $0.medication.displayText)
            }, uniquingKeysWith: { first, _ in first })
        let doses = try await engine.samples(
            of: HKObjectType.medicationDoseEventType(), predicate: code.map { .leaf(.doseEventConcepts([$0])) },
            sort: [RowSort(.startDate, ascending: false)], limit: limit, as: owner)
        let timeZone = try zone.timeZone()
        try output.print(
            doses.compactMap { $0 as? HKMedicationDoseEvent }.map { DoseRecord($0, names: names, timeZone: timeZone) })
    }
}
