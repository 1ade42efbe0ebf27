public import Foundation

/// The content of a CDA document: its XML and the fields HealthKit extracts from it.
public final class HKCDADocument: NSObject, @unchecked Sendable {
    /// The document's XML; nil when the query that returned it did not ask for it (`includeDocumentData`).
    public let documentData: Data?
    /// The document's title.
    public let title: String
    /// The name of the patient the document is about.
    public let patientName: String
    /// The person who wrote the document, usually the treating physician.
    public let authorName: String
    /// The organization responsible for the document, usually the treating institution.
    public let custodianName: String

    package init(documentData: Data?, header: CDAHeader) {
        self.documentData = documentData
        title = header.title
        patientName = header.patientName
        authorName = header.authorName
        custodianName = header.custodianName
        super.init()
    }

    package var header: CDAHeader {
        CDAHeader(title: title, patientName: patientName, authorName: authorName, custodianName: custodianName)
    }
}

/// The key of the detailed reason in the user info of the error a CDA document that failed validation raises.
public let HKDetailedCDAValidationErrorKey = "HKDetailedCDAValidationErrorKey"
