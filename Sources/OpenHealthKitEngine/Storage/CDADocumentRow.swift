package import Foundation

/// What a CDA document sample holds beyond its sample row: the header fields and the XML.
package struct CDADocumentRow: Sendable, Equatable {
    package var title: String
    package var patientName: String
    package var authorName: String
    package var custodianName: String
    /// The document's XML; nil when the read did not ask for it (``RowQuery/includesDocumentData``).
    package var document: Data?

    package init(title: String, patientName: String, authorName: String, custodianName: String, document: Data?) {
        self.title = title
        self.patientName = patientName
        self.authorName = authorName
        self.custodianName = custodianName
        self.document = document
    }
}
