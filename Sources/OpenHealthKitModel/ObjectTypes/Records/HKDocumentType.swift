import Foundation

/// The type of documents (``HKDocumentSample``): CDA documents.
///
/// Reading a document's content needs the user's permission for each document (see `HKDocumentQuery`); sample
/// queries return documents without their content.
public final class HKDocumentType: HKSampleType, @unchecked Sendable {
    /// The type for an identifier of the catalog. An identifier the catalog does not know raises, as in HealthKit.
    public convenience init(_ identifier: HKDocumentTypeIdentifier) {
        guard identifier == .CDA else {
            raiseInvalidArgumentException("Unknown document type identifier \(identifier.rawValue)")
        }
        self.init(identifier: identifier.rawValue, isShareable: true)
    }

    static func catalogType(_ identifier: HKDocumentTypeIdentifier) -> HKDocumentType? {
        identifier == .CDA ? HKDocumentType(identifier) : nil
    }
}
