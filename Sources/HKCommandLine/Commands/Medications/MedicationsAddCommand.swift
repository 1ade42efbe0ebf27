import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk medications add NAME [--form FORM] [--code CODE] [--nickname TEXT] [--scheduled]`: records a medication the
/// owner takes (or changes the one with the same code) and prints its concept code.
struct MedicationsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Record a medication you take, or change the one with the same code; prints its code.",
        discussion: """
            --code is the medication's RxNorm code (hk medications add "Metformin 500 mg" --code 6809); without it \
            the medication gets a code of its own (a urn:uuid:). --form is one of HealthKit's general forms: \
            \(HKMedicationGeneralForm.allCases.map(\.rawValue).joined(separator: ", ")). Apps see a medication only \
            once you share it with them.
            """
    )

    @Argument(help: ArgumentHelp("The medication's name, as you know it.", valueName: "name"))
    var name: String
    @Option(help: ArgumentHelp("Its general form (default: tablet).", valueName: "form"))
    var form: String = HKMedicationGeneralForm.tablet.rawValue
    @Option(help: ArgumentHelp("Its RxNorm code, or a code of your own.", valueName: "code"))
    var code: String?
    @Option(help: ArgumentHelp("A name of your own for it.", valueName: "text"))
    var nickname: String?
    @Flag(help: "You take it on a schedule.")
    var scheduled = false
    @OptionGroup var store: StoreOption

    func run() async throws {
        let code = code ?? "urn:uuid:" + UUID().uuidString.lowercased()
        let row = UserAnnotatedMedicationRow(
            conceptCode: code, displayText: name, generalForm: form,
            relatedCodings: code.allSatisfy(\.isNumber)
                ? [ClinicalCodingRow(system: "http://www.nlm.nih.gov/research/umls/rxnorm", version: nil, code: code)]
                : [],
            nickname: nickname, isArchived: false, hasSchedule: scheduled)
        // Checked before the store is opened: a refused medication must not create a store that was not there.
        try MedicationCoding.validate(row)
        try await store.openEngine().saveMedication(row, as: try Principal.owner())
        print(code)
    }
}
