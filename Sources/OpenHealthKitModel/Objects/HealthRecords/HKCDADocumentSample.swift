public import Foundation

/// A Clinical Document Architecture (CDA) document, such as a summary of care, as a sample.
///
/// Creating one validates the XML (see ``CDADocumentReader``) and extracts its title, patient, author and custodian.
/// The ``document`` of a sample returned by a sample or anchored object query is nil: apps read document content
/// with `HKDocumentQuery`, which asks the user about each document another source saved.
public final class HKCDADocumentSample: HKDocumentSample, @unchecked Sendable {
    /// The document's content; nil when returned by a sample or anchored object query.
    public let document: HKCDADocument?

    package init(
        uuid: UUID, document: HKCDADocument?, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) {
        self.document = document
        super.init(
            uuid: uuid, type: HKDocumentType(.CDA), start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision)
    }

    /// A document sample of `documentData`, an XML document meeting the CDA standard. An invalid document throws
    /// ``HKError`` `errorInvalidArgument` whose user info holds the reason under ``HKDetailedCDAValidationErrorKey``;
    /// invalid dates or metadata throw `errorInvalidArgument` too.
    public convenience init(data documentData: Data, start startDate: Date, end endDate: Date, metadata: [String: Any]?)
        throws
    {
        let header = try CDADocumentReader.header(of: documentData)
        self.init(
            uuid: UUID(), document: HKCDADocument(documentData: documentData, header: header), start: startDate,
            end: endDate, device: nil, metadata: metadata, sourceRevision: .placeholder())
        try validate()
    }

    /// The former name of ``init(data:start:end:metadata:)``.
    @available(*, deprecated, renamed: "init(data:start:end:metadata:)")
    public convenience init(data documentData: Data, startDate: Date, endDate: Date, metadata: [String: Any]?) throws {
        try self.init(data: documentData, start: startDate, end: endDate, metadata: metadata)
    }

    package override func validate() throws(HKError) {
        try super.validate()
        guard let data = document?.documentData else {
            throw HKError.invalidArgument("A CDA document sample needs its document data to be saved")
        }
        _ = try CDADocumentReader.header(of: data)
    }

    package override var valueDescription: String? { document?.title }

    /// Archives the sample and, when it has one, the document: its data (if read) and header fields.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        guard let document else { return }
        coder.encode(document.documentData.map { $0 as NSData }, forKey: "document.data")
        coder.encodeString(document.title, forKey: "document.title")
        coder.encodeString(document.patientName, forKey: "document.patientName")
        coder.encodeString(document.authorName, forKey: "document.authorName")
        coder.encodeString(document.custodianName, forKey: "document.custodianName")
    }

    /// Unarchives a CDA document sample, with its document when one was archived.
    public required init?(coder: NSCoder) {
        if let title = coder.decodeString(forKey: "document.title") {
            let header = CDAHeader(
                title: title, patientName: coder.decodeString(forKey: "document.patientName") ?? "",
                authorName: coder.decodeString(forKey: "document.authorName") ?? "",
                custodianName: coder.decodeString(forKey: "document.custodianName") ?? "")
            let data = coder.decodeIfPresent(NSData.self, forKey: "document.data").map { Data($0) }
            document = HKCDADocument(documentData: data, header: header)
        } else {
            document = nil
        }
        super.init(coder: coder)
    }
}
