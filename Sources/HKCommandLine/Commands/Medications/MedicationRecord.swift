import OpenHealthKit

/// A medication as `hk medications` prints it.
struct MedicationRecord: OutputRecord {
    let code: String
    let name: String
    let form: String
    let nickname: String
    let scheduled: Bool
    let archived: Bool

    static let columns = ["code", "name", "form", "nickname", "scheduled", "archived"]

    init(_ medication: HKUserAnnotatedMedication) {
        code = medication.medication.identifier.code
        name = medication.medication.displayText
        form = medication.medication.generalForm.rawValue
        nickname = medication.nickname ?? ""
        scheduled = medication.hasSchedule
        archived = medication.isArchived
    }

    var cells: [String] { [code, name, form, nickname, String(scheduled), String(archived)] }
}
