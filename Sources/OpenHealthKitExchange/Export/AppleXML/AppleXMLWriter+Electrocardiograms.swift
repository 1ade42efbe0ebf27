import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Electrocardiograms, as the Health app exports them: not in the document but one file each in `electrocardiograms/`
/// (`ecg_2020-02-05.csv`, then `ecg_2020-02-05_1.csv` for the day's next one), which the importer reads back
/// (``ElectrocardiogramFile``).
extension AppleXMLWriter {
    /// Writes an electrocardiogram's file; false when the export has no folder (a document written alone).
    func writeElectrocardiogramFile(_ record: ExportRecord) throws -> Bool {
        guard let folder, case .electrocardiogram(let detail) = record.sample.detail else { return false }
        let row = record.sample
        let offset = context.offset(row.startDate)
        let day = DateText.day(row.startDate, offset: offset)
        let index = electrocardiogramsPerDay[day, default: 0]
        electrocardiogramsPerDay[day] = index + 1
        let directory = folder.appendingPathComponent(ElectrocardiogramImport.folder)
        if index == 0 { try ExportDestination.makeFolder(directory) }
        let name = "ecg_\(day)" + (index == 0 ? "" : "_\(index)") + ".csv"
        let file = try ExportFile(creating: directory.appendingPathComponent(name))
        let frequency =
            detail.samplingFrequency
            ?? Double(detail.voltageCount) / max(row.endDate - row.startDate, .leastNonzeroMagnitude)
        var text = ""
        for (key, value) in [
            ("Name", ""), ("Date of Birth", dateOfBirthText()), ("Recorded Date", date(row.startDate, offset: offset)),
            (
                "Classification",
                ElectrocardiogramTexts.text(
                    HKElectrocardiogram.Classification(rawValue: detail.classification) ?? .unrecognized)
            ),
            (
                "Symptoms",
                ElectrocardiogramTexts.text(
                    HKElectrocardiogram.SymptomsStatus(rawValue: detail.symptomsStatus) ?? .notSet,
                    symptoms: record.electrocardiogramSymptoms)
            ),
            ("Software Version", row.revision.version), ("Device", row.device?.hardwareVersion ?? ""),
            ("Sample Rate", NumberText.shortest(frequency) + " hertz"),
        ] {
            text += CSVLine.line([key, value])
        }
        text += "\n\nLead,Lead I\nUnit,µV\n\n"
        try file.write(text)
        for lead in record.electrocardiogramLeads.prefix(1) {
            var values = ""
            values.reserveCapacity(lead.microvolts.count * 9)
            for value in lead.microvolts {
                values += NumberText.shortest(value)
                values += "\n"
            }
            try file.write(values)
        }
        try file.close()
        return true
    }

    /// The owner's date of birth as the Health app writes it in English (`"Feb 5, 1952"`), or empty.
    private func dateOfBirthText() -> String {
        guard let stored = context.characteristics.first(where: { $0.type == .dateOfBirth })?.value else { return "" }
        let parts = stored.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return "" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[parts[1] - 1]) \(parts[2]), \(parts[0])"
    }
}
