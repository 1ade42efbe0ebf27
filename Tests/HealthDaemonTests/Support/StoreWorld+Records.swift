import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitWire

/// The owner's side of health records, medications and prescriptions in a world: what an import stores, the
/// medications they track and the doses they log (in Health, or through healthd's owner routes).
extension StoreWorld {
    /// The owner, as the Health web app acts for them.
    static func owner() throws -> Principal {
        .owner(source: try SourceRow.owner(named: "Health"))
    }

    /// The engine of an embedded world (nil through healthd).
    private var embeddedEngine: HealthEngine? {
        get throws { try location.map { try EngineRegistry.engine(for: $0) } }
    }

    /// Stores samples as a Health export import does (clinical records, CDA documents, prescriptions).
    func importSamples(_ rows: [SampleRow]) async throws {
        var batch = ImportBatch()
        batch.samples = rows
        try await importBatch(batch)
    }

    /// The owner records a medication they take.
    func saveMedication(_ medication: HKUserAnnotatedMedication) async throws {
        if let daemon {
            let answer = try await daemon.owner("PUT", "/v1/owner/medications", json: WireMedication(medication))
            guard answer.status == 200 else { throw HarnessError("saving the medication failed: \(answer.text)") }
        } else {
            try await embeddedEngine!.saveMedication(MedicationCoding.row(medication), as: Self.owner())
        }
    }

    /// The owner logs a dose of a medication they track; healthd's refusal is thrown as the `HKError` it carries.
    func logDose(_ event: HKMedicationDoseEvent) async throws {
        if let daemon {
            let answer = try await daemon.owner("POST", "/v1/owner/medications/doses", json: WireSample(event))
            if let refusal = answer.error { throw refusal.hkError }
            guard answer.status == 201 else { throw HarnessError("logging the dose failed: \(answer.text)") }
        } else {
            try await embeddedEngine!.logDose(event, as: Self.owner())
        }
    }
}

/// Medications and doses for the scenarios.
enum Medications {
    /// A medication the owner tracks.
    static func medication(
        _ code: String, _ name: String, form: HKMedicationGeneralForm = .tablet, archived: Bool = false,
        scheduled: Bool = true
    ) -> HKUserAnnotatedMedication {
        HKUserAnnotatedMedication(
            nickname: nil, isArchived: archived, hasSchedule: scheduled,
            medication: HKMedicationConcept(
                identifier: HKHealthConceptIdentifier(domain: .medication, code: code), displayText: name,
                generalForm: form,
                relatedCodings: [
                    HKClinicalCoding(system: "http://www.nlm.nih.gov/research/umls/rxnorm", version: nil, code: code)
                ]))
    }

    /// A dose of the medication `code` taken as needed at `date`.
    static func dose(
        _ code: String, at date: Date, quantity: Double = 1, status: HKMedicationDoseEvent.LogStatus = .taken
    ) -> HKMedicationDoseEvent {
        HKMedicationDoseEvent(
            uuid: UUID(), date: date, scheduleType: .asNeeded,
            medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: code),
            scheduledDate: nil, scheduledDoseQuantity: nil, doseQuantity: quantity, logStatus: status,
            unit: .count(), device: nil, metadata: nil,
            sourceRevision: HKSourceRevision(source: .default(), version: nil))
    }
}
