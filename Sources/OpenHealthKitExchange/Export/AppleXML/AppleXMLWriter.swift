import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Writes Apple Health's export document (`export.xml`, HealthKit Export Version 14's elements) so that importing it
/// gives back the store it was written from (docs/EXPORT.md): the records' texts name the same UUIDs, values read
/// back to the same numbers, and everything the importer keeps beside samples is written where it reads it from.
///
/// In a folder (or a zip), clinical records' FHIR resources go to the files their records name
/// (`clinical-records/…json`), electrocardiograms to files of their own (`electrocardiograms/ecg_…csv`) and CDA
/// documents to `export_cda.xml`; a document written alone (`.xml`) has no place for them. Heartbeat series, states
/// of mind, assessments and medication dose events have no element in Apple's format: they are counted as not
/// written.
final class AppleXMLWriter: ExportWriter {
    let context: ExportContext
    private let document: ExportFile
    /// The folder beside the document, or nil when the document is written alone.
    let folder: URL?
    private let quantityText: QuantityRecordText
    /// The clinical record resources written, by path.
    var resourcePaths: Set<String> = []
    /// The electrocardiogram files written per day (`yyyy-MM-dd`), which name the next one.
    var electrocardiogramsPerDay: [String: Int] = [:]
    /// `export_cda.xml`, once a CDA document is written.
    var cdaFile: ExportFile?
    /// The `device` attribute of each device met (see ``deviceText(_:)``).
    private var deviceTexts: [DeviceRow: (row: DeviceRow, text: String?)] = [:]

    init(context: ExportContext, alone: Bool) throws {
        self.context = context
        folder = alone ? nil : context.root
        document = try ExportFile(creating: alone ? context.root : context.root.appendingPathComponent("export.xml"))
        quantityText = QuantityRecordText(preferredUnits: context.preferredUnits)
    }

    func begin() throws {
        var healthData = XMLElementText("HealthData", indent: 0)
        healthData.attribute("locale", Locale.current.identifier)
        try document.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + healthData.start)
        var exportDate = XMLElementText("ExportDate", indent: 1)
        exportDate.attribute("value", date(context.exportDate.timeIntervalSince1970))
        try document.write(exportDate.empty)
        guard !context.characteristics.isEmpty else { return }
        var me = XMLElementText("Me", indent: 1)
        for (type, stored) in context.characteristics
        where !stored.isEmpty || CharacteristicLabels.alwaysListed.contains(type) {
            guard let label = CharacteristicLabels.label(type, stored: stored.isEmpty ? nil : stored) else { continue }
            me.attribute(type.rawValue, label)
            if !stored.isEmpty { context.summary.characteristics += 1 }
        }
        try document.write(me.empty)
    }

    func finish() throws {
        try document.write("</HealthData>\n")
        try document.close()
        try cdaFile?.close()
    }

    func write(_ text: String) throws {
        try document.write(text)
    }

    // MARK: Samples

    func record(_ record: ExportRecord) throws {
        let type = record.sample.typeIdentifier
        switch context.kind(type) {
        case .quantity, .category: try write(recordElement(record, indent: 1))
        case .correlation: try write(correlationElement(record))
        case .workout:
            guard try writeWorkout(record) else { return context.notWritten(type) }
        case .audiogram: try write(audiogramElement(record))
        case .electrocardiogram:
            guard try writeElectrocardiogramFile(record) else { return context.notWritten(type) }
        case .clinicalRecord: try write(clinicalRecordElement(record))
        case .visionPrescription: try write(visionPrescriptionElement(record))
        case .cdaDocument:
            guard try writeCDADocument(record) else { return context.notWritten("CDA document") }
        case .heartbeatSeries, .stateOfMind, .scoredAssessment, .medicationDoseEvent, .other:
            return context.notWritten(type)
        }
        context.count(record)
    }

    /// A `Record`, with its metadata and heartbeats.
    private func recordElement(_ record: ExportRecord, indent: Int) -> String {
        let row = record.sample
        // A beat's time of day is read in its sample's local time: write the sample in the offset its beats were read in.
        let offset = beatOffset(record)
        var element = XMLElementText("Record", indent: indent)
        element.attribute("type", row.typeIdentifier)
        addSource(of: row, to: &element)
        var value: String?
        switch context.kind(row.typeIdentifier) {
        case .quantity(let type):
            let texts = quantityText.texts(for: row, type: type)
            element.attribute("unit", texts.unit)
            value = texts.value
        case .category(let type):
            let number = Int(row.value ?? 0)
            // As Apple writes them: a type without a defined value has no `value` attribute.
            if type.hasNoDefinedValue, number == HKCategoryValue.notApplicable.rawValue { break }
            value =
                type.valueName(for: number).map { name in
                    type.descriptor.valueEnum + name.prefix(1).uppercased() + name.dropFirst()
                }
                ?? String(number)
        default: break
        }
        element.attribute("startDate", date(row.startDate, offset: offset))
        element.attribute("endDate", date(row.endDate, offset: offset))
        element.attribute("value", value)
        let children =
            metadataEntries(row.metadata, indent: indent + 1) + heartbeatList(record.heartbeats, indent: indent + 1)
        return children.isEmpty ? element.empty : element.start + children + element.end
    }

    /// A `Correlation`, with its metadata and its members as `Record`s.
    private func correlationElement(_ record: ExportRecord) -> String {
        let row = record.sample
        var element = XMLElementText("Correlation", indent: 1)
        element.attribute("type", row.typeIdentifier)
        addSourceAndDates(of: row, to: &element)
        let members = record.members.map { recordElement($0, indent: 2) }.joined()
        return element.start + metadataEntries(row.metadata, indent: 2) + members + element.end
    }

    /// An `Audiogram` with its `SensitivityPoint`s (frequency in Hz, each ear in dBHL, other attributes as exported).
    private func audiogramElement(_ record: ExportRecord) -> String {
        let row = record.sample
        var element = XMLElementText("Audiogram", indent: 1)
        element.attribute("type", row.typeIdentifier)
        addSourceAndDates(of: row, to: &element)
        var points = ""
        for point in record.sample.audiogramPoints {
            var pointElement = XMLElementText("SensitivityPoint", indent: 2)
            pointElement.attribute("frequencyValue", NumberText.shortest(point.frequency))
            pointElement.attribute("frequencyUnit", "Hz")
            pointElement.attribute("leftEarValue", point.leftEar.map(NumberText.shortest))
            pointElement.attribute("leftEarUnit", point.leftEar.map { _ in "dBHL" })
            pointElement.attribute("rightEarValue", point.rightEar.map(NumberText.shortest))
            pointElement.attribute("rightEarUnit", point.rightEar.map { _ in "dBHL" })
            for (name, value) in Self.stringDictionary(point.attributes).sorted(by: { $0.key < $1.key }) {
                pointElement.attribute(name, value)
            }
            points += pointElement.empty
        }
        return element.start + metadataEntries(row.metadata, indent: 2) + points + element.end
    }

    // MARK: Shared parts

    /// `sourceName`, `sourceVersion` and `device`, as every sample element has them.
    private func addSource(of row: SampleRow, to element: inout XMLElementText) {
        element.attribute("sourceName", row.source.name)
        element.attribute("sourceVersion", row.revision.version.isEmpty ? nil : row.revision.version)
        element.attribute("device", escaped: deviceText(row.device))
    }

    /// The source attributes, then `startDate` and `endDate`, in the export's time zone (Apple's order for every
    /// sample element but `Record`, whose unit comes between).
    func addSourceAndDates(of row: SampleRow, to element: inout XMLElementText) {
        addSource(of: row, to: &element)
        element.attribute("startDate", date(row.startDate))
        element.attribute("endDate", date(row.endDate))
    }

    /// The device's description, escaped, made once per device: an export has a few devices and a million records.
    /// (A hit is checked byte for byte: `String` equality would take a differently normalized name for the same.)
    private func deviceText(_ device: DeviceRow?) -> String? {
        guard let device else { return nil }
        if let known = deviceTexts[device], known.row.hasTheBytes(of: device) { return known.text }
        let text = DeviceText.exportDescription(device).map(XMLElementText.escaped)
        if deviceTexts.count >= 1_000 { deviceTexts.removeAll() }
        deviceTexts[device] = (device, text)
        return text
    }

    /// A date in the export's time zone, or in `offset` when given.
    func date(_ seconds: Double, offset: Int? = nil) -> String {
        DateText.export(seconds, offset: offset ?? context.offset(seconds))
    }

    /// `MetadataEntry` elements for stored metadata.
    func metadataEntries(_ json: String?, indent: Int) -> String {
        MetadataText.entries(json, offset: context.offset).map { entry in
            var element = XMLElementText("MetadataEntry", indent: indent)
            element.attribute("key", entry.key)
            element.attribute("value", entry.value)
            return element.empty
        }.joined()
    }

    private func heartbeatList(_ beats: [HeartbeatRow], indent: Int) -> String {
        guard !beats.isEmpty else { return "" }
        let list = XMLElementText("HeartRateVariabilityMetadataList", indent: indent)
        let items = beats.map { beat in
            var element = XMLElementText("InstantaneousBeatsPerMinute", indent: indent + 1)
            element.attribute("bpm", NumberText.shortest(beat.bpm))
            element.attribute("time", beat.timeText)
            return element.empty
        }.joined()
        return list.start + items + list.end
    }

    /// The UTC offset a sample's beats were read in: the one that puts its first timed beat at its stored time after
    /// the start. Nil when it has no such beat, or when the offset found does not reproduce every beat.
    private func beatOffset(_ record: ExportRecord) -> Int? {
        let start = record.sample.startDate
        guard
            let beat = record.heartbeats.first(where: {
                $0.timeSinceStart != nil && BeatTimeParser.secondsOfDay($0.timeText) != nil
            }),
            let sinceStart = beat.timeSinceStart, let secondsOfDay = BeatTimeParser.secondsOfDay(beat.timeText)
        else { return nil }
        let localStart = secondsOfDay - sinceStart
        let utcStart = start - (start / 86_400).rounded(.down) * 86_400
        var offset = ((localStart - utcStart) / 60).rounded() * 60
        while offset > 14 * 3_600 { offset -= 86_400 }
        while offset < -12 * 3_600 { offset += 86_400 }
        let exportDate = ExportDate(seconds: start, utcOffset: Int(offset))
        let reproduced = record.heartbeats.allSatisfy { beat in
            guard let stored = beat.timeSinceStart else { return true }
            return BeatTimeParser.secondsOfDay(beat.timeText).map {
                BeatTimeParser.timeSinceStart(secondsOfDay: $0, start: exportDate)
            } == stored
        }
        return reproduced ? Int(offset) : nil
    }

    /// A stored JSON object of strings (an element's attributes).
    static func stringDictionary(_ json: String?) -> [String: String] {
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return [:]
        }
        return object.compactMapValues { $0 as? String }
    }
}

extension DeviceRow {
    /// Whether every field has the same UTF-8 bytes as `other`'s (not only the same characters).
    fileprivate func hasTheBytes(of other: DeviceRow) -> Bool {
        let fields: [KeyPath<DeviceRow, String>] = [
            \.name, \.manufacturer, \.model, \.hardwareVersion, \.firmwareVersion, \.softwareVersion, \.localIdentifier,
            \.udiDeviceIdentifier,
        ]
        return fields.allSatisfy { self[keyPath: $0].utf8.elementsEqual(other[keyPath: $0].utf8) }
    }
}
