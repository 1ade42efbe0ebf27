import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Imports the CDA documents of an export: `export_cda.xml` beside `export.xml` (for a localised document name,
/// `导出.xml`, the name with `_cda`), read a chunk at a time and split into its documents (``CDADocumentSplitter``).
/// Each document is checked and read as `HKCDADocumentSample` does (``CDADocumentReader``), and stored as a CDA
/// document sample from the Health app, dated by the time its service covers (`documentationOf/serviceEvent`), else
/// by its `effectiveTime`; its UUID names its bytes, so importing it again adds nothing.
struct CDADocumentImport {
    let collector: ImportCollector
    let files: any ExportSource
    let identity = ImportIdentity()

    /// The CDA file's path beside a document named `documentName`.
    static func path(besideDocument documentName: String) -> String {
        let name =
            (documentName.split(separator: "/").last.map(String.init) ?? documentName)
            .split(separator: ":").last.map(String.init) ?? documentName
        let base = name.lowercased().hasSuffix(".xml") ? String(name.dropLast(4)) : name
        return "/" + base + "_cda.xml"
    }

    /// Reads the CDA file, if the export has one; a document that cannot be imported is reported with its line.
    func importDocuments(besideDocument documentName: String) throws {
        let path = Self.path(besideDocument: documentName)
        var splitter = CDADocumentSplitter()
        let type = HKDocumentTypeIdentifier.CDA.rawValue
        let found = try files.readReferencedFile(path) { chunk in
            try splitter.feed(UnsafeBufferPointer(chunk)) { piece in
                collector.read(.record(type))
                switch piece {
                case .document(let data, let line): try add(data, line: line)
                case .tooLarge(let line):
                    collector.skip(
                        .record(type), line: line, element: "ClinicalDocument", type: type,
                        reason: "the document is larger than \(CDADocumentReader.maximumSize) bytes")
                }
            }
            return true
        }
        guard found else { return }
        if splitter.isInsideDocument {
            collector.warn(line: nil, "\(path) ends inside a document, which was not imported")
        }
    }

    private func add(_ data: Data, line: Int) throws {
        let type = HKDocumentTypeIdentifier.CDA.rawValue
        do throws(HKError) {
            let header = try CDADocumentReader.header(of: data)
            let start = (header.serviceStart ?? header.effectiveTime).flatMap(HL7Timestamp.date)
            let end = header.serviceEnd.flatMap(HL7Timestamp.date) ?? start
            guard let start, let end else {
                throw HKError.invalidArgument("the document has no effectiveTime to date it by")
            }
            try SampleValidation.validateDates(start: start, end: end)
            identity.reset(orderedBy: start.timeIntervalSince1970)
            identity.add("ClinicalDocument")
            data.withUnsafeBytes { identity.add($0.bindMemory(to: UInt8.self)) }
            collector.batch.samples.append(
                SampleRow(
                    uuid: identity.uuid(), typeIdentifier: type, startDate: start.timeIntervalSince1970,
                    endDate: end.timeIntervalSince1970, value: nil, source: .exportedHealthApp, revision: RevisionRow(),
                    detail: .cdaDocument(
                        CDADocumentRow(
                            title: header.title, patientName: header.patientName, authorName: header.authorName,
                            custodianName: header.custodianName, document: data))))
        } catch {
            return collector.skip(
                .record(type), line: line, element: "ClinicalDocument", type: type,
                reason: error.detailedCDAValidationError ?? error.message)
        }
        try collector.flushIfFull()
    }
}
