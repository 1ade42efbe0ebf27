import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// `Record` and `Correlation`: quantity and category samples, and the correlations that group them.
extension ExportReader {
    func startRecord(_ attributes: XMLAttributes, line: Int, depth: Int, problem: String?) {
        let member = correlation.map { depth == $0.depth + 1 } ?? false
        guard let typeBytes = attributes.bytes(.type), !typeBytes.isEmpty else {
            skipRecord(
                .record("(no type)"), depth: depth, line: line, type: nil, reason: "no type attribute", member: member)
            return
        }
        let type = lookups.type(typeBytes)
        if case .unrecognized = type.kind, !member {
            startUnrecognized("Record", attributes, line: line, depth: depth, problem: problem)
            return
        }
        collector.read(.record(type.identifier))
        do throws(ReadFailure) {
            if let problem { throw ReadFailure(problem) }
            let header = try header(attributes, line: line)
            startIdentity(type.identifier, header)
            let value: RecordDraft.Value
            switch type.kind {
            case .quantity(let quantityType):
                guard let unitBytes = attributes.bytes(.unit), let unit = lookups.unit(unitBytes) else {
                    throw ReadFailure("unit \(Self.quoted(attributes, .unit)) is not a unit")
                }
                guard let valueBytes = attributes.bytes(.value), let number = ExportText.number(valueBytes) else {
                    throw ReadFailure("value \(Self.quoted(attributes, .value)) is not a number")
                }
                value = .quantity(quantityType, HKQuantity(unit: unit, doubleValue: number))
                identity.add(ExportText.trimmed(valueBytes))
                identity.add(ExportText.trimmed(unitBytes))
            case .category(let categoryType):
                let label = attributes.bytes(.value)
                // Apple writes the records of a type without a defined value (high heart rate events, mindful
                // sessions...) without a `value`: theirs is HKCategoryValue.notApplicable.
                if label == nil, categoryType.hasNoDefinedValue {
                    value = .category(categoryType, HKCategoryValue.notApplicable.rawValue)
                    identity.add(integer: Int64(HKCategoryValue.notApplicable.rawValue))
                    identity.addEmpty()
                    break
                }
                guard let label,
                    let number = type.labels.value(
                        ExportText.trimmed(label),
                        make: { CategoryValueLabels.value(ExportText.string($0), for: categoryType) })
                else {
                    throw ReadFailure(
                        "value \(Self.quoted(attributes, .value)) is not a value of \(categoryType.descriptor.valueEnum)"
                    )
                }
                value = .category(categoryType, number)
                identity.add(integer: Int64(number))
                identity.addEmpty()
            case .correlation, .unrecognized:
                throw ReadFailure("a \(type.identifier) cannot be a record inside a correlation")
            }
            identity.add(header.source.name)
            record = PendingRecord(header: header, type: type, uuid: identity.uuid(), value: value, isMember: member)
            recordMetadata.removeAll(keepingCapacity: true)
            recordBeats.removeAll(keepingCapacity: true)
        } catch {
            skipRecord(
                .record(type.identifier), depth: depth, line: line, type: type.identifier, reason: error.reason,
                member: member, counted: true)
        }
    }

    private func skipRecord(
        _ tally: ImportCollector.Tally, depth: Int, line: Int, type: String?, reason: String, member: Bool,
        counted: Bool = false
    ) {
        if !counted { collector.read(tally) }
        skip(tally, depth: depth, line: line, element: "Record", type: type, reason: reason)
        if member, let correlation, correlation.problem == nil {
            correlation.problem = "its record at line \(line) was skipped: \(reason)"
        }
    }

    func addBeat(_ attributes: XMLAttributes) {
        guard record != nil, let bpm = attributes.number(.bpm) else { return }
        let time = attributes.bytes(.time)
        recordBeats.append((bpm, time.map(ExportText.string) ?? "", time.flatMap(BeatTimeParser.secondsOfDay)))
    }

    func finishRecord() {
        guard let pending = record else { return }
        record = nil
        let header = pending.header
        let draft = RecordDraft(
            uuid: pending.uuid, value: pending.value, start: header.start.seconds, end: header.end.seconds,
            device: header.device?.device, source: header.source.row, revision: header.revision.row,
            sourceRevision: header.revision.revision, metadata: recordMetadata)
        if pending.isMember {
            addMember(draft.sample(reading: metadataReader), pending)
            return
        }
        if let problem = pending.problem {
            collector.skip(
                .record(pending.type.identifier), line: header.line, element: "Record", type: pending.type.identifier,
                reason: problem)
            return
        }
        do {
            let sample = draft.sample(reading: metadataReader)
            collector.add(try collector.engine.importRows(for: sample, source: draft.source, revision: draft.revision))
        } catch {
            collector.skip(
                .record(pending.type.identifier), line: header.line, element: "Record", type: pending.type.identifier,
                reason: Self.reason(error))
            return
        }
        for (position, beat) in recordBeats.enumerated() {
            collector.batch.heartbeats.append(
                HeartbeatRow(
                    sampleUUID: pending.uuid, position: position, bpm: beat.bpm,
                    timeSinceStart: beat.secondsOfDay.map {
                        BeatTimeParser.timeSinceStart(secondsOfDay: $0, start: header.start)
                    },
                    timeText: beat.time))
        }
        flush()
    }

    /// A member is checked now, so that a problem names its own line; the correlation is all or nothing.
    private func addMember(_ sample: HKSample, _ pending: PendingRecord) {
        guard let correlation else { return }
        let problem: String?
        if let recordProblem = pending.problem {
            problem = recordProblem
        } else if let quantitySample = sample as? HKQuantitySample {
            do {
                try quantitySample.validate()
                correlation.members.append(quantitySample)
                correlation.memberTypes.append((pending.type.identifier, pending.header.line))
                return
            } catch {
                problem = error.message
            }
        } else {
            problem = "\(correlation.type.identifier) cannot contain samples of type \(pending.type.identifier)"
        }
        collector.skip(
            .record(pending.type.identifier), line: pending.header.line, element: "Record",
            type: pending.type.identifier, reason: problem!)
        if correlation.problem == nil {
            correlation.problem = "its record at line \(pending.header.line) was skipped: \(problem!)"
        }
    }

    func startCorrelation(_ attributes: XMLAttributes, line: Int, depth: Int, problem: String?) {
        guard let typeBytes = attributes.bytes(.type), case .correlation(let type) = lookups.type(typeBytes).kind else {
            startUnrecognized("Correlation", attributes, line: line, depth: depth, problem: problem)
            return
        }
        let typeName = type.identifier
        collector.read(.record(typeName))
        do throws(ReadFailure) {
            if let problem { throw ReadFailure(problem) }
            let header = try header(attributes, line: line)
            startIdentity(type.identifier, header)
            identity.addEmpty()
            identity.addEmpty()
            identity.add(header.source.name)
            correlation = PendingCorrelation(header: header, type: type, uuid: identity.uuid(), depth: depth)
        } catch {
            skip(
                .record(typeName), depth: depth, line: line, element: "Correlation", type: typeName,
                reason: error.reason)
        }
    }

    func finishCorrelation() {
        guard let pending = correlation else { return }
        if let member = record {
            // A member whose end tag is missing.
            let type = member.type.identifier
            collector.skip(
                .record(type), line: member.header.line, element: "Record", type: type,
                reason: member.problem ?? "its end tag is missing")
            if pending.problem == nil { pending.problem = "its record at line \(member.header.line) was cut off" }
            record = nil
        }
        correlation = nil
        let header = pending.header
        if let problem = pending.problem {
            skipCorrelation(pending, reason: problem)
            return
        }
        let object = HKCorrelation(
            uuid: pending.uuid, type: pending.type, start: header.startDate, end: header.endDate,
            objects: Set(pending.members.map { $0 as HKSample }), device: header.device?.device,
            metadata: metadataReader.metadata(pending.metadata), sourceRevision: header.revision.revision)
        do {
            let rows = try collector.engine.importRows(
                for: object, source: header.source.row, revision: header.revision.row)
            collector.add(rows)
        } catch {
            skipCorrelation(pending, reason: Self.reason(error))
            return
        }
        flush()
    }

    /// A correlation that cannot be imported takes its members with it.
    func skipCorrelation(_ pending: PendingCorrelation, reason: String) {
        let identifier = pending.type.identifier
        collector.skip(
            .record(identifier), line: pending.header.line, element: "Correlation", type: identifier, reason: reason)
        for (type, line) in pending.memberTypes {
            collector.skip(
                .record(type), line: line, element: "Record", type: type,
                reason: "its correlation at line \(pending.header.line) was skipped")
        }
    }

    /// The message of a validation or storage failure.
    static func reason(_ error: any Error) -> String {
        (error as? HKError)?.message ?? "\(error)"
    }
}
