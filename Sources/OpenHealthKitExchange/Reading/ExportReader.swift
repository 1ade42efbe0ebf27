import CLibXML2
import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Why an element cannot be imported.
struct ReadFailure: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// Reads a Health export document element by element and turns each record into validated HealthKit objects and
/// storage rows that keep their original sources, for the ``ImportCollector``.
///
/// Top-level elements are read one at a time: a record (possibly inside a correlation), a correlation, a workout, an
/// audiogram, or an element kept verbatim. A record that cannot be imported is reported with its line and skipped
/// with everything inside it; the rest goes on.
final class ExportReader: SAXDelegate {
    let collector: ImportCollector
    /// Where referenced files (GPX routes, FHIR resources) come from.
    let files: any ExportSource
    let lookups = ExportLookups()
    let identity = ImportIdentity()
    let metadataReader = MetadataValueReader()
    /// The export's date (seconds since 1970), once read.
    var exportDate: Double?
    /// The files the document's records refer to (route and FHIR files), named as the source lists them.
    private(set) var referencedFiles: Set<String> = []
    /// A failure of the store: the import stops.
    private(set) var failure: (any Error)?

    /// The name of the document's root element.
    private(set) var rootElement: String?
    /// The open elements, outermost first.
    private(set) var stack: [ExportElement?] = []
    var record: PendingRecord?
    /// The open record's metadata and heartbeats, reused from record to record.
    var recordMetadata: [(key: String, value: String)] = []
    var recordBeats: [(bpm: Double, time: String, secondsOfDay: Double?)] = []
    var correlation: PendingCorrelation?
    var workout: PendingWorkout?
    var audiogram: PendingAudiogram?
    var unrecognized: PendingUnrecognized?
    /// The depth of an element being skipped with everything inside it.
    var skippingDepth: Int?
    /// An error libxml2 reported outside any element, and the line of the last element event before it.
    private var pendingProblem: XMLProblem?
    private var lastEventLine = 0

    init(collector: ImportCollector, files: any ExportSource) {
        self.collector = collector
        self.files = files
    }

    /// Notes a file a record refers to, whether or not the record is imported.
    func noteReferenced(_ path: String?) {
        if let name = path.flatMap(files.fileName(ofReferenced:)) { referencedFiles.insert(name) }
    }

    // MARK: SAXDelegate

    func startElement(_ index: Int?, name: UnsafePointer<xmlChar>, attributes: XMLAttributes, line: Int) {
        let element = index.flatMap(ExportElement.init(rawValue:))
        if rootElement == nil { rootElement = String(cString: name) }
        stack.append(element)
        let depth = stack.count
        defer { lastEventLine = line }
        if element.isTopLevelOnly, depth > 2, !(element == .record && parent == .correlation) {
            abandonOpenElement(before: line)
        }
        guard skippingDepth == nil, failure == nil else { return }
        if let unrecognized, depth > unrecognized.depth {
            unrecognized.children.append([
                "element": String(cString: name), "attributes": Self.allAttributes(attributes),
            ])
            return
        }
        // An XML error just before a record-like element's start tag ended belongs to it; any other becomes a warning.
        let problem: String?
        switch element {
        case .record, .correlation, .workout, .activitySummary, .clinicalRecord, .audiogram, nil:
            problem = takeProblem(before: line)
        default: problem = takeProblem(before: 0)
        }
        switch element {
        case .healthData: collector.note(exportDate: nil, locale: attributes.string(.locale))
        case .exportDate: readExportDate(attributes, line: line)
        case .me: readCharacteristics(attributes, line: line)
        case .record: startRecord(attributes, line: line, depth: depth, problem: problem)
        case .metadataEntry: addMetadata(attributes, line: line)
        case .heartRateVariabilityMetadataList: break
        case .instantaneousBeatsPerMinute: addBeat(attributes)
        case .correlation: startCorrelation(attributes, line: line, depth: depth, problem: problem)
        case .workout: startWorkout(attributes, line: line, depth: depth, problem: problem)
        case .workoutEvent: addEvent(attributes, line: line)
        case .workoutStatistics: addStatistics(attributes, line: line)
        case .workoutActivity: startActivity(attributes, line: line)
        case .workoutRoute: startRoute(attributes, line: line)
        case .location: addLocation(attributes, line: line)
        case .fileReference:
            let path = attributes.string(.path)
            noteReferenced(path)
            workout?.openRoute?.filePath = path
        case .activitySummary: readActivitySummary(attributes, line: line, problem: problem)
        case .clinicalRecord: readClinicalRecord(attributes, line: line, problem: problem)
        case .audiogram: startAudiogram(attributes, line: line, depth: depth, problem: problem)
        case .sensitivityPoint: addSensitivityPoint(attributes, line: line)
        case nil: startUnknownElement(name, attributes, line: line, depth: depth, problem: problem)
        }
    }

    func endElement(_ index: Int?, line: Int) {
        let depth = stack.count
        let element = stack.popLast() ?? nil
        defer { lastEventLine = line }
        if let skipping = skippingDepth {
            if depth <= skipping { skippingDepth = nil }
            return
        }
        guard failure == nil else { return }
        if let unrecognized {
            if depth == unrecognized.depth { finishUnrecognized() }
            return
        }
        switch element {
        case .record: finishRecord()
        case .correlation: finishCorrelation()
        case .workoutRoute: closeRoute()
        case .workout: finishWorkout()
        case .audiogram: finishAudiogram()
        default: break
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {}

    func problem(_ problem: XMLProblem) {
        guard case .error = problem.kind else {
            collector.warn(line: problem.line, "XML warning: \(problem.message)")
            return
        }
        let message = "XML error at line \(problem.line): \(problem.message)"
        if record != nil {
            if record?.problem == nil { record?.problem = message }
        } else if let correlation {
            if correlation.problem == nil { correlation.problem = message }
        } else if let workout {
            if workout.problem == nil { workout.problem = message }
        } else if let audiogram {
            if audiogram.problem == nil { audiogram.problem = message }
        } else if let unrecognized {
            if unrecognized.problem == nil { unrecognized.problem = message }
        } else if let earlier = pendingProblem, earlier.line == problem.line {
            // The first error of a line says what is wrong; the next ones are its consequences.
            return
        } else {
            if let earlier = pendingProblem { collector.warn(line: earlier.line, "XML error: \(earlier.message)") }
            pendingProblem = problem
        }
    }

    func restarted(after problem: XMLProblem) {
        guard case .skipped(let resumeLine) = problem.kind else { return }
        let reason =
            "XML error at line \(problem.line): \(problem.message); the document was read again from line \(resumeLine)"
        if !abandonAll(reason: reason) { collector.skipRegion(line: problem.line, reason: reason) }
        pendingProblem = nil
        stack.removeAll()
    }

    /// The document has ended: whatever is still open was cut off, and a root still open means the document was.
    func endOfDocument() {
        if let root = stack.first, root == .healthData {
            collector.noteIncomplete(
                line: lastEventLine,
                "the document ends at line \(lastEventLine) before </HealthData>: it was cut short, and only what came before was read"
            )
        }
        abandonAll(reason: "the document ends inside it")
        if let problem = pendingProblem { collector.warn(line: problem.line, "XML error: \(problem.message)") }
        pendingProblem = nil
    }

    // MARK: Shared steps

    /// An error reported since the last element event, up to `line` (a bad attribute of the start tag ending at
    /// `line`), belongs to the element; an older one becomes a warning.
    private func takeProblem(before line: Int) -> String? {
        guard let problem = pendingProblem else { return nil }
        pendingProblem = nil
        if problem.line > lastEventLine, problem.line <= line {
            return "XML error at line \(problem.line): \(problem.message)"
        }
        collector.warn(line: problem.line, "XML error: \(problem.message)")
        return nil
    }

    /// Reports every element still being read (with its own problem, or `reason`) as skipped, and forgets them.
    /// Returns whether there was one.
    @discardableResult
    func abandonAll(reason: String) -> Bool {
        let open = record != nil || correlation != nil || workout != nil || audiogram != nil || unrecognized != nil
        if let record {
            let type = record.type.identifier
            collector.skip(
                .record(type), line: record.header.line, element: "Record", type: type, reason: record.problem ?? reason
            )
            if let correlation, correlation.problem == nil {
                correlation.problem = "its record at line \(record.header.line) was cut off"
            }
        }
        if let correlation { skipCorrelation(correlation, reason: correlation.problem ?? reason) }
        if let workout { skipWorkout(workout, reason: workout.problem ?? reason) }
        if let audiogram {
            let type = audiogram.typeIdentifier
            collector.skip(
                .record(type), line: audiogram.header.line, element: "Audiogram", type: type,
                reason: audiogram.problem ?? reason)
        }
        if let unrecognized {
            let type = unrecognized.attributes["type"]
            collector.skip(
                unrecognized.tally, line: unrecognized.line, element: unrecognized.element, type: type,
                reason: unrecognized.problem ?? reason)
        }
        record = nil
        correlation = nil
        workout = nil
        audiogram = nil
        unrecognized = nil
        skippingDepth = nil
        return open
    }

    /// A record-level element inside another element (other than a record in a correlation) means the tags of the
    /// element around it are broken, and libxml2 took what follows for its content: that element is given up, and
    /// the new one is read at the top level.
    private func abandonOpenElement(before line: Int) {
        abandonAll(reason: "its end tag is missing (the next record starts at line \(line))")
    }

    /// Reports an element that cannot be imported and skips everything inside it.
    func skip(_ tally: ImportCollector.Tally, depth: Int, line: Int, element: String, type: String?, reason: String) {
        collector.skip(tally, line: line, element: element, type: type, reason: reason)
        skippingDepth = depth
    }

    /// The parent of the element just started.
    var parent: ExportElement? {
        stack.count >= 2 ? stack[stack.count - 2] : nil
    }

    /// The source, device and dates every sample element has.
    func header(_ attributes: XMLAttributes, line: Int) throws(ReadFailure) -> SampleHeader {
        guard let name = attributes.bytes(.sourceName), !name.isEmpty else { throw ReadFailure("no sourceName") }
        guard let start = attributes.date(.startDate) else {
            throw ReadFailure("startDate \(Self.quoted(attributes, .startDate)) is not a date")
        }
        guard let end = attributes.date(.endDate) else {
            throw ReadFailure("endDate \(Self.quoted(attributes, .endDate)) is not a date")
        }
        let source = lookups.source(name)
        return SampleHeader(
            line: line, source: source, revision: source.revision(attributes.bytes(.sourceVersion)),
            device: attributes.bytes(.device).flatMap { $0.isEmpty ? nil : lookups.device($0) }, start: start, end: end)
    }

    /// Starts the name of a sample's deterministic, time-ordered UUID: its type and dates (docs/IMPORT.md,
    /// Idempotence).
    func startIdentity(_ type: String, _ header: SampleHeader) {
        identity.reset(orderedBy: header.start.seconds)
        identity.add(type)
        identity.add(date: header.start.seconds)
        identity.add(date: header.end.seconds)
    }

    static func quoted(_ attributes: XMLAttributes, _ attribute: ExportAttribute) -> String {
        attributes.string(attribute).map { "\"\($0)\"" } ?? "(missing)"
    }

    static func allAttributes(_ attributes: XMLAttributes) -> [String: String] {
        var all: [String: String] = [:]
        attributes.forEach { name, value in all[name] = ExportText.string(value) }
        return all
    }

    /// Hands full batches to the writer between top-level elements.
    func flush() {
        do {
            try collector.flushIfFull()
        } catch {
            failure = error
        }
    }

    /// A metadata entry, for the innermost element that takes metadata.
    private func addMetadata(_ attributes: XMLAttributes, line: Int) {
        guard let key = attributes.string(.key), !key.isEmpty else {
            collector.warn(line: line, "MetadataEntry without a key ignored")
            return
        }
        let entry = (key: key, value: attributes.string(.value) ?? "")
        if key == HKMetadataKeyTimeZone { collector.note(timeZone: entry.value) }
        switch parent {
        case .record?: recordMetadata.append(entry)
        case .correlation?: correlation?.metadata.append(entry)
        case .workout?: workout?.metadata.append(entry)
        case .workoutEvent?:
            if stack.count >= 3, stack[stack.count - 3] == .workoutActivity {
                workout?.activities.lastEventMetadataAppend(entry)
            } else if let workout, !workout.events.isEmpty {
                workout.events[workout.events.count - 1].metadata.append(entry)
            }
        case .workoutActivity?: workout?.activities.lastMetadataAppend(entry)
        case .workoutRoute?: workout?.openRoute?.metadata.append(entry)
        case .audiogram?: audiogram?.metadata.append(entry)
        default: collector.warn(line: line, "MetadataEntry \(key) outside a record ignored")
        }
    }
}

extension Optional where Wrapped == ExportElement {
    /// Elements Apple writes only at the top level (and records inside correlations).
    var isTopLevelOnly: Bool {
        switch self {
        case .record?, .correlation?, .workout?, .activitySummary?, .clinicalRecord?, .audiogram?, .exportDate?, .me?:
            true
        default: false
        }
    }
}

extension Array where Element == PendingActivity {
    mutating func lastMetadataAppend(_ entry: (key: String, value: String)) {
        guard !isEmpty else { return }
        self[count - 1].metadata.append(entry)
    }

    mutating func lastEventMetadataAppend(_ entry: (key: String, value: String)) {
        guard !isEmpty, !self[count - 1].events.isEmpty else { return }
        self[count - 1].events[self[count - 1].events.count - 1].metadata.append(entry)
    }
}
