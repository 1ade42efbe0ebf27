import Foundation
import OpenHealthKit

/// A dose as `hk medications doses` prints it.
struct DoseRecord: OutputRecord {
    let uuid: String
    let date: String
    let medication: String
    let status: String
    let quantity: String

    static let columns = ["uuid", "date", "medication", "status", "quantity"]

    init(_ dose: HKMedicationDoseEvent, names: [String: String], timeZone: TimeZone) {
        uuid = dose.uuid.uuidString
        date = dose.startDate.formattedForOutput(in: timeZone)
        let code = dose.medicationConceptIdentifier.code
        medication = names[code] ?? code
        status = "\(dose.logStatus)"
        quantity = dose.doseQuantity.map(\.formattedForOutput) ?? ""
    }

    var cells: [String] { [uuid, date, medication, status, quantity] }
}
