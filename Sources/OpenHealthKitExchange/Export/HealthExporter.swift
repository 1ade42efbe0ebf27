import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel

/// Exports a store (`hk export`): Apple Health's export format, a FHIR R4 Bundle, or CSV files (docs/EXPORT.md).
///
/// The export reads the store in one snapshot, a record at a time, and writes each record as it comes: memory stays
/// the same whatever the store's size. It is written in a private staging folder beside the destination and moved
/// there only when complete, so a failed export leaves nothing behind; files are 0600, folders 0700.
///
/// ```swift
/// let summary = try HealthExporter(engine: engine).export(
///     ExportRequest(format: .appleXML, destination: URL(fileURLWithPath: "export.zip")))
/// ```
public final class HealthExporter {
    private let engine: HealthEngine

    package init(engine: HealthEngine) {
        self.engine = engine
    }

    /// Writes the export `request` asks for; `progress`, when given, hears how many records have been written, every
    /// ``progressInterval`` records and once at the end (on the calling thread).
    ///
    /// - Throws: ``HKError`` `errorInvalidArgument` for a request that cannot be met (the destination exists or its
    ///   folder does not, a type that cannot be exported, an empty date range), before anything is written; the
    ///   store's error when it cannot be read; `unknownError` when a file cannot be written.
    public func export(_ request: ExportRequest, progress: ((_ recordsWritten: Int) -> Void)? = nil) throws
        -> ExportSummary
    {
        let clock = ContinuousClock()
        let started = clock.now
        try Self.validate(request)
        let selection = try ExportSelection(typeIdentifiers: request.typeIdentifiers)
        let owner = Principal.owner(source: try .owner(named: "Health"))
        let destination = try ExportDestination(request.destination, format: request.format)

        var query = ExportQuery(
            sampleTypes: selection.orderedSampleTypes(
                stored: try engine.blocking { try await $0.storedSampleTypes(as: owner) }),
            start: request.start?.timeIntervalSince1970, end: request.end?.timeIntervalSince1970)
        query.activitySummaries = selection.activitySummaries
        (query.firstDay, query.endDay) = Self.days(from: request.start, to: request.end, in: request.timeZone)
        query.unrecognizedRecords = selection.everythingElse

        let quantityTypes =
            query.sampleTypes.compactMap { HKObjectType.type(forRawIdentifier: $0) as? HKQuantityType }
            + query.sampleTypes.compactMap { HKObjectType.type(forRawIdentifier: $0) as? HKCorrelationType }
            .flatMap { $0.allowedMemberTypes.map { HKQuantityType($0) } }
        let units = try engine.blocking { try await $0.preferredUnits(for: Set(quantityTypes), as: owner) }
        let context = ExportContext(
            root: destination.root, timeZone: request.timeZone,
            exportDate: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)),
            characteristics: try selection.characteristics.map { type in
                (type, try engine.blocking { try await $0.characteristic(type, as: owner) } ?? "")
            },
            preferredUnits: Dictionary(
                units.map { ($0.key.identifier, $0.value) }, uniquingKeysWith: { first, _ in first }),
            exportedTypes: Set(query.sampleTypes),
            summary: ExportSummary(format: request.format, destination: destination.destination.path))

        let writer: any ExportWriter =
            switch request.format {
            case .appleXML: try AppleXMLWriter(context: context, alone: destination.shape == .file)
            case .fhir: try FHIRBundleWriter(context: context)
            case .csv: CSVExportWriter(context: context)
            }
        do {
            try writer.begin()
            let counted = CountingVisitor(writer, progress: progress)
            try engine.blocking { try await $0.export(query, to: counted, as: owner) }
            progress?(counted.records)
            try writer.finish()
            context.summary.files =
                destination.shape == .file
                ? [destination.destination.lastPathComponent] : try destination.files(in: destination.root)
            try destination.complete()
        } catch let error as HKError {
            throw error
        } catch {
            throw HKError(.unknownError, "the export was not written: \(error)")
        }
        let elapsed = clock.now - started
        context.summary.duration = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return context.summary
    }

    /// How many records pass between two progress reports.
    public static let progressInterval = 1_000

    /// Checks a request without reading the store or writing anything (``export(_:)`` checks it too): the same
    /// `errorInvalidArgument`s, so that a command can refuse bad input before it opens the store.
    public static func validate(_ request: ExportRequest) throws {
        if let start = request.start, let end = request.end, end <= start {
            throw HKError(.errorInvalidArgument, "the end of the range (\(end)) is not after its start (\(start))")
        }
        _ = try ExportSelection(typeIdentifiers: request.typeIdentifiers)
        _ = try ExportDestination.check(request.destination, format: request.format)
    }

    /// The activity summary days a date range selects: the days it overlaps, in `timeZone`.
    private static func days(from start: Date?, to end: Date?, in timeZone: TimeZone) -> (String?, String?) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func day(_ date: Date) -> String {
            DateText.day(date.timeIntervalSince1970, offset: timeZone.secondsFromGMT(for: date))
        }
        let endDay = end.map { end -> String in
            let dayStart = calendar.startOfDay(for: end)
            return day(dayStart == end ? end : calendar.date(byAdding: .day, value: 1, to: dayStart) ?? end)
        }
        return (start.map(day), endDay)
    }
}

/// Hands each record on to the writer, counting them for the export's progress.
private final class CountingVisitor: ExportVisitor {
    private let writer: any ExportVisitor
    private let progress: ((Int) -> Void)?
    private(set) var records = 0

    init(_ writer: any ExportVisitor, progress: ((Int) -> Void)?) {
        self.writer = writer
        self.progress = progress
    }

    func record(_ record: ExportRecord) throws {
        try writer.record(record)
        counted()
    }

    func activitySummary(_ summary: ActivitySummaryRow) throws {
        try writer.activitySummary(summary)
        counted()
    }

    func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws {
        try writer.unrecognizedRecord(record)
        counted()
    }

    private func counted() {
        records += 1
        if records % HealthExporter.progressInterval == 0 { progress?(records) }
    }
}
