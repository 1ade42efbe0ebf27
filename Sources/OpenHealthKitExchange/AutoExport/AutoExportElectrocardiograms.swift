import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// `ecg` records (`{start, end, classification, averageHeartRate, samplingFrequency, voltageMeasurements: [{date,
/// voltage, units}], source}`): an `HKElectrocardiogram` of one lead (the watch's, similar to lead I), its voltages in
/// microvolts, as the export's electrocardiograms are stored (``ElectrocardiogramImport``). Named by its type, dates
/// and source, as they are.
struct AutoExportElectrocardiograms {
    let identity: ImportIdentity

    /// The most voltages one recording holds (a 30-second one at 512 Hz holds 15,360).
    static let maximumVoltages = 200_000

    func row(_ record: JSONValue, source: SampleSource) throws(AutoExportRecords.Refusal) -> SampleRow {
        let (start, end) = try AutoExportRecords.startAndEnd(record)
        let measurements = record["voltageMeasurements"]?.array ?? []
        guard measurements.count <= Self.maximumVoltages else {
            throw AutoExportRecords.Refusal("more than \(Self.maximumVoltages) voltage measurements")
        }
        var microvolts: [Double] = []
        microvolts.reserveCapacity(measurements.count)
        for (index, measurement) in measurements.enumerated() {
            guard let voltage = measurement["voltage"]?.number,
                let factor = Self.microvolts[measurement["units"]?.string ?? "V"]
            else { throw AutoExportRecords.Refusal("voltage measurement \(index) needs a voltage in V, mV or µV") }
            microvolts.append(voltage * factor)
        }
        let frequency =
            record["samplingFrequency"]?.number
            ?? (end > start && !microvolts.isEmpty ? Double(microvolts.count) / (end - start) : nil)
        if let frequency, !(frequency > 0 && frequency <= 10_000) {
            throw AutoExportRecords.Refusal("samplingFrequency must be above 0 and at most 10,000 Hz")
        }
        let averageHeartRate = record["averageHeartRate"]?.number
        if let averageHeartRate, !(0...400).contains(averageHeartRate) {
            throw AutoExportRecords.Refusal("averageHeartRate must be from 0 to 400")
        }
        do {
            try SampleValidation.validateDates(
                start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end))
        } catch {
            throw AutoExportRecords.Refusal(error.message)
        }
        let type = HKObjectType.electrocardiogramType().identifier
        identity.reset(orderedBy: start)
        identity.add("hae")
        identity.add(type)
        identity.add(date: start)
        identity.add(date: end)
        identity.add(source.name)
        return SampleRow(
            uuid: identity.uuid(), typeIdentifier: type, startDate: start, endDate: end, value: nil,
            source: source.row, revision: source.revisionRow,
            detail: .electrocardiogram(
                ElectrocardiogramRow(
                    classification: ElectrocardiogramTexts.classification(record["classification"]?.string ?? "")
                        .rawValue,
                    symptomsStatus: HKElectrocardiogram.SymptomsStatus.notSet.rawValue,
                    averageHeartRate: averageHeartRate, samplingFrequency: frequency, voltageCount: microvolts.count,
                    leads: [
                        ElectrocardiogramLeadRow(
                            lead: HKElectrocardiogram.Lead.appleWatchSimilarToLeadI.rawValue, microvolts: microvolts)
                    ])))
    }

    /// Microvolts per unit of the app's voltages.
    private static let microvolts: [String: Double] = ["V": 1e6, "mV": 1e3, "µV": 1, "uV": 1, "mcV": 1]
}
