import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Medications: the medications the owner tracks, recorded here (there is no phone app), a dose logged with a
/// form, and the dose log, newest first. Apps read them only as the owner shares them one by one.
struct MedicationsPage: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Medication: Sendable {
        let code: String
        let name: String
        let nickname: String?
        let form: String
        let scheduled: Bool
        let archived: Bool
        let elementID: String
    }

    struct Dose: Sendable {
        let date: String
        let medication: String
        let status: String
        let quantity: String
        let schedule: String
    }

    let chrome: Chrome
    let tabs: [RecordsTab]
    let active: [Medication]
    let archived: [Medication]
    let hasMedications: Bool
    let hasArchived: Bool
    let forms: [Option]
    let statuses: [Option]
    let doses: [Dose]
    let hasDoses: Bool
    let now: String
}

extension HealthWebApp {
    func addMedicationRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.medications) { [self] web in
            let store = web.host.store
            let dates = try await pageDates(web.host)
            let (medications, doses) = try await blocking {
                () -> ([HKUserAnnotatedMedication], [MedicationsPage.Dose]) in
                let medications = try store.medications()
                let names = Dictionary(
                    medications.map { ($0.medication.identifier.code, $0.medication.displayText) },
                    uniquingKeysWith: { first, _ in first })
                let doses = try store.samples(
                    of: HKObjectType.medicationDoseEventType(), predicate: nil, newestFirst: true, limit: Self.logLimit
                ).compactMap { $0 as? HKMedicationDoseEvent }.map { dose in
                    MedicationsPage.Dose(
                        date: dates.dateTime(dose.startDate),
                        medication: names[dose.medicationConceptIdentifier.code]
                            ?? dose.medicationConceptIdentifier.code,
                        status: PageTypeNames.words(String(describing: dose.logStatus)),
                        quantity: dose.doseQuantity.map { PageNumberText.format($0) + " " + dose.unit.unitString }
                            ?? "",
                        schedule: dose.scheduleType == .schedule ? "Scheduled" : "As needed")
                }
                return (medications, doses)
            }
            let rows = medications.map { medication in
                MedicationsPage.Medication(
                    code: medication.medication.identifier.code, name: medication.medication.displayText,
                    nickname: medication.nickname,
                    form: PageTypeNames.words(medication.medication.generalForm.rawValue),
                    scheduled: medication.hasSchedule, archived: medication.isArchived,
                    elementID: "medication-"
                        + String(medication.medication.identifier.code.map { $0.isLetter || $0.isNumber ? $0 : "-" }))
            }
            let active = rows.filter { !$0.archived }, archived = rows.filter(\.archived)
            return await renderer.html(
                "medications",
                MedicationsPage(
                    chrome: chrome(web, title: "Medications", section: .browse),
                    tabs: RecordsTab.all(current: WebRoutes.medications), active: active, archived: archived,
                    hasMedications: !active.isEmpty, hasArchived: !archived.isEmpty,
                    forms: HKMedicationGeneralForm.allCases.map {
                        .init(value: $0.rawValue, label: PageTypeNames.words($0.rawValue), selected: $0 == .tablet)
                    },
                    statuses: HKMedicationDoseEvent.LogStatus.allCases.map {
                        .init(value: String($0.rawValue), label: PageTypeNames.words("\($0)"), selected: $0 == .taken)
                    },
                    doses: doses, hasDoses: !doses.isEmpty, now: dates.inputValue(Date())))
        }

        action(router, WebRoutes.medications) { [self] web in
            let medication = try Self.medication(from: web.form)
            let store = web.host.store
            try await blocking { try store.saveMedication(medication) }
            await web.host.audit(
                "medication.save", types: [HKDataTypeIdentifierUserAnnotatedMedicationConcept], count: 0, errorCode: nil
            )
            return redirect(
                web, to: WebRoutes.medications.path(), message: "Saved \(medication.medication.displayText).")
        }

        action(router, WebRoutes.medicationArchive) { [self] web in
            let code = web.form["code"] ?? ""
            let archive = web.form["archived"] == "true"
            let store = web.host.store
            let name = try await blocking { () -> String in
                guard let stored = try store.medications().first(where: { $0.medication.identifier.code == code })
                else { throw WebError.notFound("No medication has this code.") }
                try store.saveMedication(
                    HKUserAnnotatedMedication(
                        nickname: stored.nickname, isArchived: archive, hasSchedule: stored.hasSchedule,
                        medication: stored.medication))
                return stored.medication.displayText
            }
            await web.host.audit(
                "medication.save", types: [HKDataTypeIdentifierUserAnnotatedMedicationConcept], count: 0, errorCode: nil
            )
            return redirect(
                web, to: WebRoutes.medications.path(), message: archive ? "Archived \(name)." : "Restored \(name).")
        }

        action(router, WebRoutes.medicationDoses) { [self] web in
            let dose = try Self.dose(from: web.form, dates: try await pageDates(web.host))
            let store = web.host.store
            try await blocking { try store.logDose(dose) }
            await web.host.audit(
                "medication.dose", types: [HKMedicationDoseEventTypeIdentifierMedicationDoseEvent], count: 1,
                errorCode: nil)
            return redirect(web, to: WebRoutes.medications.path(), message: "Logged the dose.")
        }
    }

    /// The medication a form describes: `name`, `form` (a general form's raw value), `code` (an RxNorm code, or
    /// empty for one of the owner's own), `nickname`, `scheduled`.
    static func medication(from form: FormData) throws(HKError) -> HKUserAnnotatedMedication {
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw HKError.invalidArgument("Give the medication's name.") }
        let generalForm = HKMedicationGeneralForm(rawValue: form["form"] ?? "")
        let code = (form["code"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let nickname = (form["nickname"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let medication = HKUserAnnotatedMedication(
            nickname: nickname.isEmpty ? nil : nickname, isArchived: false, hasSchedule: form["scheduled"] == "on",
            medication: HKMedicationConcept(
                identifier: HKHealthConceptIdentifier(
                    domain: .medication, code: code.isEmpty ? "urn:uuid:" + UUID().uuidString.lowercased() : code),
                displayText: name, generalForm: generalForm,
                relatedCodings: code.isEmpty || !code.allSatisfy(\.isNumber)
                    ? []
                    : [
                        HKClinicalCoding(
                            system: "http://www.nlm.nih.gov/research/umls/rxnorm", version: nil, code: code)
                    ]))
        try MedicationCoding.validate(MedicationCoding.row(medication))
        return medication
    }

    /// The dose a form describes: `code` (the medication's), `status` (a log status's raw value), `quantity` (empty
    /// for none) and `date`; taken as needed.
    static func dose(from form: FormData, dates: PageDateText) throws(HKError) -> HKMedicationDoseEvent {
        guard let code = form["code"], !code.isEmpty else { throw HKError.invalidArgument("Choose the medication.") }
        guard let status = form["status"].flatMap(Int.init).flatMap(HKMedicationDoseEvent.LogStatus.init(rawValue:))
        else { throw HKError.invalidArgument("Choose what happened with the dose.") }
        guard let text = form["date"], let date = dates.parseInput(text) else {
            throw HKError.invalidArgument("Give the date and time of the dose.")
        }
        var quantity: Double?
        if let text = form["quantity"], !text.isEmpty {
            guard let value = PageNumberText.parse(text) else {
                throw HKError.invalidArgument("Give the quantity as a number.")
            }
            quantity = value
        }
        let dose = HKMedicationDoseEvent(
            uuid: UUID(), date: date, scheduleType: .asNeeded,
            medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: code),
            scheduledDate: nil, scheduledDoseQuantity: nil, doseQuantity: quantity, logStatus: status, unit: .count(),
            device: nil, metadata: nil, sourceRevision: .placeholder())
        try dose.validate()
        return dose
    }
}
