import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk medications log CODE [--status taken] [--quantity N] [--at DATE]`: logs a dose of a tracked medication and
/// prints the dose event's UUID.
struct MedicationsLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log a dose of a medication you track; prints its UUID.",
        discussion: """
            --status is what happened: \
            \(HKMedicationDoseEvent.LogStatus.allCases.map { "\($0)" }.joined(separator: ", ")) (default taken). \
            --quantity is how many units were taken (default 1; 0 for a skipped dose). The dose is logged as taken as \
            needed, at --at (default now).
            """
    )

    @Argument(help: ArgumentHelp("The medication's code (hk medications list).", valueName: "code"))
    var code: String
    @Option(help: ArgumentHelp("What happened with the dose.", valueName: "status"))
    var status = "taken"
    @Option(help: ArgumentHelp("How many units were taken.", valueName: "number"))
    var quantity: String = "1"
    @Option(help: ArgumentHelp("When (default: now).", valueName: "date"))
    var at: String?
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var store: StoreOption

    func run() async throws {
        guard let logStatus = HKMedicationDoseEvent.LogStatus.allCases.first(where: { "\($0)" == status }) else {
            throw HKError.invalidArgument(
                "invalid status '\(status)': use one of "
                    + HKMedicationDoseEvent.LogStatus.allCases.map { "\($0)" }.joined(separator: ", "))
        }
        let date = try at.map { try CommandLineInput.date($0, timeZone: try zone.timeZone()) } ?? Date()
        let event = HKMedicationDoseEvent(
            uuid: UUID(), date: date, scheduleType: .asNeeded,
            medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: code),
            scheduledDate: nil, scheduledDoseQuantity: nil,
            doseQuantity: try CommandLineInput.number(quantity, role: "--quantity"), logStatus: logStatus,
            unit: .count(), device: nil, metadata: nil,
            sourceRevision: HKSourceRevision(source: .default(), version: nil))
        try await store.openExistingEngine("no medication with the code \(code) is tracked")
            .logDose(event, as: try Principal.owner())
        print(event.uuid.uuidString)
    }
}
