import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// `medications` records (`{displayText, nickname, start, scheduledDate, form, status, isArchived, dosage,
/// codings}`): a dose event (`HKMedicationDoseEvent`) of the medication the record names, which the owner tracks
/// from then on if they did not yet (`HKUserAnnotatedMedication`, as Health's Medications page records one).
///
/// The medication's concept code is its RxNorm code when the record gives one, else `hae:` and its name in lower
/// case, so every push names the same medication the same way; a medication already tracked is left as the owner
/// keeps it. The dose is named by its type, date, medication, status and source.
struct AutoExportMedications {
    let identity: ImportIdentity

    static let rxNorm = "http://www.nlm.nih.gov/research/umls/rxnorm"

    /// The dose of `record`, and the medication to track if it is not.
    func dose(_ record: JSONValue, source: SampleSource) throws(AutoExportRecords.Refusal) -> (
        dose: HKMedicationDoseEvent, medication: UserAnnotatedMedicationRow
    ) {
        guard let name = record["displayText"]?.string?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw AutoExportRecords.Refusal("no \"displayText\"")
        }
        let date = try AutoExportRecords.date(record, "start")
        let scheduled =
            record["scheduledDate"]?.string == nil ? nil : try AutoExportRecords.date(record, "scheduledDate")
        guard let statusText = record["status"]?.string, let status = Self.statuses[statusText] else {
            throw AutoExportRecords.Refusal(
                "status must be one of \(Self.statuses.keys.sorted().joined(separator: ", "))")
        }
        let dosage = record["dosage"]?.number
        let codings = (record["codings"]?.array ?? []).compactMap { coding -> ClinicalCodingRow? in
            guard let system = coding["system"]?.string, let code = coding["code"]?.string else { return nil }
            return ClinicalCodingRow(system: system, version: coding["version"]?.string, code: code)
        }
        let code = codings.first { $0.system == Self.rxNorm }?.code ?? "hae:" + name.lowercased()
        let form = HKMedicationGeneralForm(rawValue: (record["form"]?.string ?? "unknown").lowercased())
        let medication = UserAnnotatedMedicationRow(
            conceptCode: String(code.prefix(100)), displayText: name,
            generalForm: HKMedicationGeneralForm.allCases.contains(form)
                ? form.rawValue : HKMedicationGeneralForm.unknown.rawValue,
            relatedCodings: Array(codings.prefix(50)), nickname: record["nickname"]?.string,
            isArchived: record["isArchived"] == .bool(true), hasSchedule: scheduled != nil)
        do {
            try MedicationCoding.validate(medication)
        } catch {
            throw AutoExportRecords.Refusal(error.message)
        }
        identity.reset(orderedBy: date)
        identity.add("hae")
        identity.add(HKMedicationDoseEventTypeIdentifierMedicationDoseEvent)
        identity.add(date: date)
        identity.add(medication.conceptCode)
        identity.add(integer: Int64(status.rawValue))
        identity.add(source.name)
        let dose = HKMedicationDoseEvent(
            uuid: identity.uuid(), date: Date(timeIntervalSince1970: date),
            scheduleType: scheduled == nil ? .asNeeded : .schedule,
            medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: medication.conceptCode),
            scheduledDate: scheduled.map { Date(timeIntervalSince1970: $0) },
            // The app sends one `dosage`: the dose due, for a scheduled one (one unit when it names none), and taken.
            scheduledDoseQuantity: scheduled == nil ? nil : dosage ?? 1,
            doseQuantity: status == .taken ? dosage : nil, logStatus: status, unit: .count(), device: source.device,
            metadata: nil, sourceRevision: source.revision)
        return (dose, medication)
    }

    /// The app's status names (Apple's, in words) and HealthKit's log statuses.
    private static let statuses: [String: HKMedicationDoseEvent.LogStatus] = [
        "Not Interacted": .notInteracted, "Notification Not Sent": .notificationNotSent, "Snoozed": .snoozed,
        "Taken": .taken, "Skipped": .skipped, "Not Logged": .notLogged,
    ]
}
