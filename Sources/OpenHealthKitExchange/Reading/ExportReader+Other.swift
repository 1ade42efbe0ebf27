import CLibXML2
import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// `ExportDate`, `Me`, `ActivitySummary`, `ClinicalRecord`, `Audiogram`, and the elements kept verbatim.
extension ExportReader {
    func readExportDate(_ attributes: XMLAttributes, line: Int) {
        guard let date = attributes.date(.value) else {
            collector.warn(line: line, "ExportDate \(Self.quoted(attributes, .value)) is not a date")
            return
        }
        exportDate = date.seconds
        collector.note(exportDate: Date(timeIntervalSince1970: date.seconds), locale: nil)
    }

    // MARK: Characteristics

    /// `Me`: each `HKCharacteristicTypeIdentifier…` attribute, set through the engine. "Not set" values and empty
    /// dates leave the stored value alone; characteristics this catalog lacks are reported.
    func readCharacteristics(_ attributes: XMLAttributes, line: Int) {
        attributes.forEach { name, bytes in
            let text = ExportText.string(ExportText.trimmed(bytes))
            guard !text.isEmpty else { return }
            let identifier = HKCharacteristicTypeIdentifier(rawValue: name)
            do {
                guard let stored = try Self.storedCharacteristic(identifier, text) else { return }
                try collector.engine.blocking { try await $0.setCharacteristic(identifier, to: stored) }
                collector.note(characteristic: name, value: text)
            } catch {
                collector.warn(
                    line: line, "characteristic \(name) = \(text) not imported: \(Self.failureReason(error))")
            }
        }
    }

    /// The stored form of an exported characteristic (see `CharacteristicCoding`), nil for "not set".
    private static func storedCharacteristic(_ identifier: HKCharacteristicTypeIdentifier, _ text: String)
        throws(ReadFailure) -> String?
    {
        func value<Value: RawRepresentable & CaseIterable>(_: Value.Type, prefix: String) throws(ReadFailure) -> String?
        where Value.RawValue == Int {
            let name = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
            guard let match = Value.allCases.first(where: { String(describing: $0).lowercased() == name.lowercased() })
            else {
                throw ReadFailure("not a value of \(prefix)")
            }
            return String(describing: match) == "notSet" ? nil : String(match.rawValue)
        }
        switch identifier {
        case .dateOfBirth:
            do {
                return try CharacteristicCoding.storedDateOfBirth(text)
            } catch {
                throw ReadFailure(reason(error))
            }
        case .biologicalSex: return try value(HKBiologicalSex.self, prefix: "HKBiologicalSex")
        case .bloodType: return try value(HKBloodType.self, prefix: "HKBloodType")
        case .fitzpatrickSkinType: return try value(HKFitzpatrickSkinType.self, prefix: "HKFitzpatrickSkinType")
        case .wheelchairUse: return try value(HKWheelchairUse.self, prefix: "HKWheelchairUse")
        case .activityMoveMode: return try value(HKActivityMoveMode.self, prefix: "HKActivityMoveMode")
        default: throw ReadFailure("this characteristic is not in the catalog")
        }
    }

    // MARK: Activity summaries

    func readActivitySummary(_ attributes: XMLAttributes, line: Int, problem: String?) {
        collector.read(.activitySummary)
        do throws(ReadFailure) {
            if let problem { throw ReadFailure(problem) }
            guard let day = attributes.bytes(.dateComponents).flatMap(ExportDateParser.day) else {
                throw ReadFailure("dateComponents \(Self.quoted(attributes, .dateComponents)) is not a day")
            }
            var row = ActivitySummaryRow(date: String(format: "%04d-%02d-%02d", day.year, day.month, day.day))
            let energyUnit = attributes.bytes(.activeEnergyBurnedUnit).flatMap { lookups.unit($0) } ?? .kilocalorie()
            func kilocalories(_ attribute: ExportAttribute) throws(ReadFailure) -> Double? {
                guard let value = attributes.number(attribute) else { return nil }
                guard let converted = energyUnit.convert(value, to: .kilocalorie()) else {
                    throw ReadFailure(
                        "activeEnergyBurnedUnit \(Self.quoted(attributes, .activeEnergyBurnedUnit)) is not an energy unit"
                    )
                }
                return converted
            }
            row.activeEnergyBurned = try kilocalories(.activeEnergyBurned)
            row.activeEnergyBurnedGoal = try kilocalories(.activeEnergyBurnedGoal)
            row.appleMoveTime = attributes.number(.appleMoveTime) ?? attributes.number(.appleMoveMinutes)
            row.appleMoveTimeGoal = attributes.number(.appleMoveTimeGoal) ?? attributes.number(.appleMoveMinutesGoal)
            row.appleExerciseTime = attributes.number(.appleExerciseTime)
            row.appleExerciseTimeGoal = attributes.number(.appleExerciseTimeGoal)
            row.appleStandHours = attributes.number(.appleStandHours)
            row.appleStandHoursGoal = attributes.number(.appleStandHoursGoal)
            row.exportDate = exportDate
            collector.batch.activitySummaries.append(row)
            flush()
        } catch {
            skip(
                .activitySummary, depth: stack.count, line: line, element: "ActivitySummary", type: nil,
                reason: error.reason)
        }
    }

    // MARK: Clinical records

    /// A clinical record and its FHIR resource file: a sample of its clinical type, dated when it was received (as
    /// HealthKit dates clinical records), from its institution, with its resource as exported.
    func readClinicalRecord(_ attributes: XMLAttributes, line: Int, problem: String?) {
        collector.read(.clinicalRecord)
        let type = attributes.string(.type) ?? ""
        do throws(ReadFailure) {
            if let problem { throw ReadFailure(problem) }
            guard !type.isEmpty, let identifier = attributes.string(.identifier), !identifier.isEmpty else {
                throw ReadFailure("a clinical record needs a type and an identifier")
            }
            guard HKObjectType.type(forRawIdentifier: type) is HKClinicalType else {
                throw ReadFailure("\(type) is not a clinical record type")
            }
            guard let received = attributes.date(.receivedDate) else {
                throw ReadFailure("receivedDate \(Self.quoted(attributes, .receivedDate)) is not a date")
            }
            let source = lookups.source(attributes.bytes(.sourceName) ?? UnsafeBufferPointer(start: nil, count: 0))
            let sourceURL = attributes.string(.sourceURL)
            let path = attributes.string(.resourceFilePath)
            noteReferenced(path)
            var resource: String?
            var resourceType = ""
            if let path {
                do {
                    if let data = try files.referencedFileData(path) {
                        resource = String(decoding: data, as: UTF8.self)
                        resourceType =
                            (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["resourceType"]
                            as? String ?? ""
                    }
                } catch {
                    collector.warn(
                        line: line, "the FHIR resource \(path) could not be read: \(Self.failureReason(error))")
                }
                if resource == nil {
                    collector.warn(
                        line: line, "the FHIR resource \(path) of clinical record \(identifier) is not in the export")
                }
            }
            let version = attributes.string(.fhirVersion).flatMap { try? HKFHIRVersion(fromVersionString: $0) }
            identity.reset()
            identity.add(type)
            identity.add(identifier)
            identity.add(sourceURL ?? "")
            identity.add(source.name)
            collector.batch.samples.append(
                SampleRow(
                    uuid: identity.uuid(), typeIdentifier: type, startDate: received.seconds, endDate: received.seconds,
                    value: nil, source: source.row, revision: RevisionRow(),
                    detail: .clinicalRecord(
                        ClinicalRecordRow(
                            resourceType: resourceType, identifier: identifier,
                            fhirVersion: (version ?? .primaryDSTU2()).stringRepresentation, sourceURL: sourceURL,
                            displayName: ClinicalRecordDisplayName.of(resource: resource, resourceType: resourceType),
                            resource: resource, resourceFilePath: path))))
            flush()
        } catch {
            skip(
                .clinicalRecord, depth: stack.count, line: line, element: "ClinicalRecord", type: type,
                reason: error.reason)
        }
    }

    // MARK: Audiograms

    func startAudiogram(_ attributes: XMLAttributes, line: Int, depth: Int, problem: String?) {
        let type = attributes.string(.type).flatMap { $0.isEmpty ? nil : $0 } ?? "HKDataTypeIdentifierAudiogram"
        collector.read(.record(type))
        do throws(ReadFailure) {
            if let problem { throw ReadFailure(problem) }
            let header = try header(attributes, line: line)
            startIdentity(type, header)
            identity.addEmpty()
            identity.addEmpty()
            identity.add(header.source.name)
            audiogram = PendingAudiogram(header: header, typeIdentifier: type, uuid: identity.uuid())
        } catch {
            skip(.record(type), depth: depth, line: line, element: "Audiogram", type: type, reason: error.reason)
        }
    }

    /// A frequency in Hz with each ear's sensitivity in dBHL; other attributes (masking, clamping) are kept as JSON.
    func addSensitivityPoint(_ attributes: XMLAttributes, line: Int) {
        guard let audiogram else { return }
        func value(_ attribute: ExportAttribute, unit: ExportAttribute, in target: HKUnit) -> Double? {
            guard let number = attributes.number(attribute) else { return nil }
            guard let unit = attributes.bytes(unit).flatMap({ lookups.unit($0) }) else { return number }
            return unit.convert(number, to: target)
        }
        guard let frequency = value(.frequencyValue, unit: .frequencyUnit, in: .hertz()) else {
            if audiogram.problem == nil { audiogram.problem = "its sensitivity point at line \(line) has no frequency" }
            return
        }
        let decibels = HKUnit.decibelHearingLevel()
        let known: Set = [
            "frequencyValue", "frequencyUnit", "leftEarValue", "leftEarUnit", "rightEarValue", "rightEarUnit",
        ]
        let others = Self.allAttributes(attributes).filter { !known.contains($0.key) }
        audiogram.points.append(
            AudiogramPointRow(
                sampleUUID: audiogram.uuid, position: audiogram.points.count, frequency: frequency,
                leftEar: value(.leftEarValue, unit: .leftEarUnit, in: decibels),
                rightEar: value(.rightEarValue, unit: .rightEarUnit, in: decibels),
                attributes: others.isEmpty ? nil : Self.json(others)))
    }

    func finishAudiogram() {
        guard let pending = audiogram else { return }
        audiogram = nil
        let header = pending.header
        let metadata = metadataReader.metadata(pending.metadata)
        do throws(HKError) {
            if let problem = pending.problem { throw HKError(.errorInvalidArgument, problem) }
            try SampleValidation.validateDates(start: header.startDate, end: header.endDate)
            try MetadataValidation.validate(metadata)
        } catch {
            collector.skip(
                .record(pending.typeIdentifier), line: header.line, element: "Audiogram", type: pending.typeIdentifier,
                reason: error.message)
            return
        }
        collector.batch.samples.append(
            SampleRow(
                uuid: pending.uuid, typeIdentifier: pending.typeIdentifier, startDate: header.start.seconds,
                endDate: header.end.seconds,
                value: nil, source: header.source.row, revision: header.revision.row, device: header.device?.row,
                metadata: MetadataCoding.encode(metadata), detail: .audiogram(AudiogramRow(points: pending.points))))
        flush()
    }

    // MARK: Elements kept verbatim

    /// An element the reader does not know: at the top level it is kept verbatim; inside a known element it is
    /// reported and ignored.
    func startUnknownElement(
        _ name: UnsafePointer<xmlChar>, _ attributes: XMLAttributes, line: Int, depth: Int, problem: String?
    ) {
        let element = String(cString: name)
        if depth == 2 {
            startUnrecognized(element, attributes, line: line, depth: depth, problem: problem)
        } else {
            collector.warn(line: line, "element \(element) ignored")
        }
    }

    func startUnrecognized(_ element: String, _ attributes: XMLAttributes, line: Int, depth: Int, problem: String?) {
        let pending = PendingUnrecognized(
            line: line, element: element, attributes: Self.allAttributes(attributes), depth: depth)
        pending.problem = problem
        collector.read(pending.tally)
        unrecognized = pending
    }

    /// Kept as JSON. Its UUID names the element and its attributes (but not the creation date and the device, whose
    /// description holds a memory address), so a later export names it the same.
    func finishUnrecognized() {
        guard let pending = unrecognized else { return }
        unrecognized = nil
        if pending.element == "VisionPrescription" { return finishVisionPrescription(pending) }
        let type = pending.attributes["type"]
        if let problem = pending.problem {
            collector.skip(pending.tally, line: pending.line, element: pending.element, type: type, reason: problem)
            return
        }
        nameVerbatim(pending)
        let dates = (
            pending.attributes["startDate"].flatMap(Self.seconds), pending.attributes["endDate"].flatMap(Self.seconds)
        )
        collector.batch.unrecognized.append(
            UnrecognizedRecordRow(
                uuid: identity.uuid(), element: pending.element, typeIdentifier: type, startDate: dates.0,
                endDate: dates.1,
                sourceName: pending.attributes["sourceName"], attributes: Self.json(pending.attributes),
                children: pending.children.isEmpty ? nil : Self.json(pending.children)))
        flush()
    }

    /// Names an element kept verbatim: the element and its attributes, but not the creation date and the device,
    /// whose description holds a memory address.
    private func nameVerbatim(_ pending: PendingUnrecognized) {
        identity.reset()
        identity.add(pending.element)
        for (key, value) in pending.attributes.sorted(by: { $0.key < $1.key })
        where key != "creationDate" && key != "device" {
            identity.add(key)
            identity.add(value)
        }
    }

    // MARK: Vision prescriptions

    /// A `VisionPrescription`: a sample of the prescription type, from the Health app (the export names no source),
    /// with its lenses and metadata. Its attachments' files are not in exports: they are reported.
    private func finishVisionPrescription(_ pending: PendingUnrecognized) {
        let tally = pending.tally
        let children = pending.children.map { child in
            (element: child["element"] as? String ?? "", attributes: child["attributes"] as? [String: String] ?? [:])
        }
        do throws(HKError) {
            if let problem = pending.problem { throw HKError.invalidArgument(problem) }
            let read = try ExportedVisionPrescription.read(
                attributes: pending.attributes, children: children, date: Self.seconds)
            let metadata = metadataReader.metadata(read.metadata)
            try MetadataValidation.validate(metadata)
            for identifier in read.attachmentIdentifiers {
                collector.warn(
                    line: pending.line,
                    "attachment \(identifier) of a vision prescription: exports hold no attachment files")
            }
            name(read)
            collector.batch.samples.append(
                SampleRow(
                    uuid: identity.uuid(), typeIdentifier: HKVisionPrescriptionTypeIdentifier,
                    startDate: read.dateIssued, endDate: read.prescription.expirationDate ?? read.dateIssued,
                    value: nil, source: .exportedHealthApp, revision: RevisionRow(),
                    metadata: MetadataCoding.encode(metadata), detail: .visionPrescription(read.prescription)))
            flush()
        } catch {
            collector.skip(
                tally, line: pending.line, element: "VisionPrescription", type: HKVisionPrescriptionTypeIdentifier,
                reason: error.message)
        }
    }

    /// Names a prescription by what it holds, with dates as instants (so that an export written in another time
    /// zone names it the same): its type, issue and expiration dates, brand, and each lens's values as exported.
    private func name(_ read: ExportedVisionPrescription.Read) {
        identity.reset(orderedBy: read.dateIssued)
        identity.add("VisionPrescription")
        identity.add(integer: Int64(read.prescription.prescriptionType))
        identity.add(date: read.dateIssued)
        if let expiration = read.prescription.expirationDate {
            identity.add(date: expiration)
        } else {
            identity.addEmpty()
        }
        identity.add(read.prescription.brand ?? "")
        for lens in read.prescription.lenses.sorted(by: { $0.eye < $1.eye }) {
            identity.add(integer: Int64(lens.eye))
            for value in [
                lens.sphere, lens.cylinder, lens.axis, lens.addPower, lens.vertexDistance, lens.prismAmount,
                lens.prismAngle, lens.farPupillaryDistance, lens.nearPupillaryDistance, lens.baseCurve, lens.diameter,
            ] {
                identity.add(value.map { String($0) } ?? "")
            }
        }
    }

    private static func seconds(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { ExportDateParser.date($0)?.seconds }
    }

    static func json(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension PendingUnrecognized {
    /// What the summary counts the element under, from its start (so that one cut off is skipped where it was read):
    /// a vision prescription is a record of its type; anything else is unrecognized, by its type or element name.
    var tally: ImportCollector.Tally {
        element == "VisionPrescription"
            ? .record(HKVisionPrescriptionTypeIdentifier) : .unrecognized(attributes["type"] ?? element)
    }
}
