import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Imports an export's electrocardiograms after its document: each `electrocardiograms/*.csv` file becomes an
/// `HKElectrocardiogram` of the source "ECG" (Apple Watch's ECG app, which the files do not name), its software
/// version as the source's version and its device (`Watch5,4`) as the device's hardware version; each symptom its
/// `Symptoms` line names becomes a category sample of the recording's dates (value `unspecified`), associated with
/// it. A file that cannot be read is a skipped record naming the file and the problem.
///
/// Both are named as the document's records are (see docs/IMPORT.md), so importing again, or importing an export of
/// the store (whose document lists the symptom samples as records), adds nothing twice.
enum ElectrocardiogramImport {
    /// The export's folder of electrocardiograms.
    static let folder = "electrocardiograms"
    /// The source of imported electrocardiograms.
    static let sourceName = "ECG"
    /// The largest file read (a 30-second recording is about 150 KB).
    static let maximumFileSize = 32 << 20

    private static let type = HKObjectType.electrocardiogramType().identifier

    /// Reads every file and adds its rows to `collector`; returns the source given to the electrocardiograms, if any
    /// file was found.
    static func run(from source: any ExportSource, into collector: ImportCollector) throws -> RecordSource? {
        let files = source.files(inFolder: folder).filter { $0.lowercased().hasSuffix(".csv") }
        guard !files.isEmpty else { return nil }
        let ecgSource = RecordSource(name: sourceName)
        let identity = ImportIdentity()
        for path in files {
            collector.read(.record(type))
            do throws(ElectrocardiogramFile.Failure) {
                guard let data = try? source.referencedFileData(path, limit: maximumFileSize) else {
                    throw ElectrocardiogramFile.Failure("it cannot be read or is larger than 32 MB")
                }
                let file = try ElectrocardiogramFile.parse(String(decoding: data, as: UTF8.self))
                for symptom in file.symptoms { collector.read(.record(symptom.rawValue)) }
                collector.add(rows(of: file, source: ecgSource, identity: identity))
            } catch {
                collector.skip(
                    .record(type), line: 0, element: path, type: type, reason: "\(path): \(error.reason)")
            }
            try collector.flushIfFull()
        }
        return ecgSource
    }

    /// The electrocardiogram's row and its symptoms' rows.
    static func rows(of file: ElectrocardiogramFile, source: RecordSource, identity: ImportIdentity) -> [SampleRow] {
        let start = file.recordedDate.seconds
        let end = start + Double(file.microvolts.count) / file.samplingFrequency
        let revision = RevisionRow(version: file.softwareVersion ?? "")
        let device = file.device.map { DeviceRow(hardwareVersion: $0) }
        var symptoms: [SampleRow] = []
        for symptom in file.symptoms {
            // Named as the document's Record of the same sample: type, dates, value, no unit, source.
            identity.reset(orderedBy: start)
            identity.add(symptom.rawValue)
            identity.add(date: start)
            identity.add(date: end)
            identity.add(integer: Int64(HKCategoryValueSeverity.unspecified.rawValue))
            identity.addEmpty()
            identity.add(source.name)
            symptoms.append(
                SampleRow(
                    uuid: identity.uuid(), typeIdentifier: symptom.rawValue, startDate: start, endDate: end,
                    value: Double(HKCategoryValueSeverity.unspecified.rawValue), source: source.row, revision: revision,
                    device: device))
        }
        identity.reset(orderedBy: start)
        identity.add(type)
        identity.add(date: start)
        identity.add(date: end)
        identity.addEmpty()
        identity.addEmpty()
        identity.add(source.name)
        let electrocardiogram = SampleRow(
            uuid: identity.uuid(), typeIdentifier: type, startDate: start, endDate: end, value: nil, source: source.row,
            revision: revision, device: device,
            detail: .electrocardiogram(
                ElectrocardiogramRow(
                    classification: file.classification.rawValue, symptomsStatus: file.symptomsStatus.rawValue,
                    averageHeartRate: nil, samplingFrequency: file.samplingFrequency,
                    voltageCount: file.microvolts.count,
                    leads: [ElectrocardiogramLeadRow(lead: file.lead.rawValue, microvolts: file.microvolts)],
                    symptoms: symptoms.map(\.uuid))))
        return symptoms + [electrocardiogram]
    }
}
