public import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel

/// Imports an Apple Health export (`hk import PATH`) into a store, as the owner of the data.
///
/// The export is read as a stream, a chunk at a time, whatever its size: memory stays constant. Every record becomes
/// the HealthKit object it was exported from, validated like any save, and is stored with its original source
/// (see docs/IMPORT.md). Records are named by deterministic UUIDs and stored insert-or-skip, so importing the same
/// export again, or a newer export that contains an older one, adds only what is new. Batches are stored on a
/// second thread in transactions of ``batchSize`` rows while parsing goes on; each committed batch stays stored if a
/// later one fails, and importing again completes the import.
///
/// ```swift
/// let summary = try HealthExportImporter(engine: engine).import(from: URL(fileURLWithPath: "export.zip")) { progress in
///     print(progress.bytesRead, progress.records)
/// }
/// ```
public final class HealthExportImporter {
    private let engine: HealthEngine
    /// Rows per transaction, at most: the first and last batches of an import are smaller, so that storing
    /// overlaps reading from the start to the end.
    public var batchSize = 50_000
    /// The shortest time between two progress reports, in seconds.
    public var progressInterval: TimeInterval = 0.25
    /// Told after each batch is committed, on the import's writer thread, what the import has added so far: how many
    /// objects and the identifiers of their types. What is committed stays, whatever happens to the import later.
    public var onCommit: (@Sendable (_ added: Int, _ typesAdded: Set<String>) -> Void)?

    package init(engine: HealthEngine) {
        self.engine = engine
    }

    /// Imports the export at `url`: an `export.zip` (any name), a folder holding an unzipped export, or the export
    /// document itself. `progress` is called on the calling thread while the import runs, and once at the end.
    ///
    /// - Throws: ``HKError`` `errorInvalidArgument` when `url` holds no Health export or cannot be read, or the
    ///   store's error when it cannot store. A record that cannot be imported does not throw: the summary lists it.
    public func `import`(from url: URL, progress: ((ImportProgress) -> Void)? = nil) throws -> ImportSummary {
        let clock = ContinuousClock()
        let started = clock.now
        func elapsed() -> TimeInterval {
            let duration = clock.now - started
            return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        let source: any ExportSource
        do {
            source = try ExportSources.open(url)
        } catch {
            throw Self.hkError(error)
        }
        let totalBytes = source.documentSize
        let collector = ImportCollector(
            engine: engine, batchSize: batchSize, documentSize: totalBytes, onCommit: onCommit)
        let reader = ExportReader(collector: collector, files: source)
        let parser = SAXParser(vocabulary: .healthExport, delegate: reader, documentName: source.documentName)
        var bytesRead: Int64 = 0
        var lastReport = -progressInterval
        func report() {
            guard let progress else { return }
            let committed = collector.committed
            progress(
                ImportProgress(
                    bytesRead: bytesRead, totalBytes: totalBytes, records: collector.elementsRead, elapsed: elapsed(),
                    added: committed.added, typesAdded: committed.types))
        }
        do {
            try parser.parse({ try ReadAhead.read(source.readDocument, $0) }) { bytes in
                bytesRead = bytes
                collector.bytesRead = bytes
                if progress != nil, elapsed() - lastReport >= progressInterval {
                    lastReport = elapsed()
                    report()
                }
                return reader.failure == nil
            }
            reader.endOfDocument()
            if let failure = reader.failure { throw failure }
            guard let root = reader.rootElement, root == "HealthData" else {
                throw HKError(
                    .errorInvalidArgument,
                    reader.rootElement.map {
                        "\(source.documentName) is not a Health export (its root element is \($0), not HealthData)"
                    } ?? "\(source.documentName) is not a Health export (it holds no XML document)")
            }
        } catch {
            collector.abandon()
            throw Self.hkError(error)
        }
        do {
            try CDADocumentImport(collector: collector, files: source).importDocuments(
                besideDocument: source.documentName)
        } catch {
            collector.abandon()
            throw Self.hkError(error)
        }
        if parser.replacedControlCharacters > 0 {
            collector.warn(
                line: parser.firstControlCharacterLine,
                "\(parser.replacedControlCharacters) control characters, which XML does not allow, were read as spaces (the first at line \(parser.firstControlCharacterLine))"
            )
        }
        var summary: ImportSummary
        do {
            // The electrocardiograms' files, after the document (their symptom samples may be among its records).
            let ecgSource = try ElectrocardiogramImport.run(from: source, into: collector)
            var sources = reader.lookups.sourcesByName.mapValues(\.row.bundleIdentifier)
            if let ecgSource { sources[ecgSource.name] = ecgSource.row.bundleIdentifier }
            summary = try collector.finish(sources: sources)
        } catch {
            throw Self.hkError(error)
        }
        summary.document = source.documentName
        summary.filesRead = source.filesRead.union([source.documentFile]).count
        let unimported = ExportFileInventory.unimported(in: source, referenced: reader.referencedFiles)
        summary.unimportedFilesTotal = unimported.count
        summary.unimportedFiles = Array(unimported.prefix(ImportSummary.maximumListed))
        summary.bytesRead = bytesRead
        summary.duration = elapsed()
        report()
        return summary
    }

    /// Checks that `url` holds a Health export (a zip or folder holding an export document, or the document itself,
    /// whose first bytes name the `HealthData` root) without reading the export or touching any store, so that a
    /// command can refuse what is not an export before it opens the store. ``import(from:progress:)`` refuses it too.
    ///
    /// - Throws: ``HKError`` `errorInvalidArgument` naming the path when it holds no Health export or cannot be read.
    public static func validate(_ url: URL) throws {
        do {
            let source = try ExportSources.open(url)
            let head = try type(of: source).head { try source.readDocument($0) }
            guard ExportDocumentLocator.namesHealthData(head) else {
                throw HKError(
                    .errorInvalidArgument,
                    "\(source.documentName) is not a Health export (its first bytes name no HealthData root)")
            }
        } catch {
            throw hkError(error)
        }
    }

    private static func hkError(_ error: any Error) -> HKError {
        switch error {
        case let error as HKError: error
        case let error as ExportSourceError: HKError(.errorInvalidArgument, error.description)
        default: HKError(.unknownError, "\(error)")
        }
    }
}
