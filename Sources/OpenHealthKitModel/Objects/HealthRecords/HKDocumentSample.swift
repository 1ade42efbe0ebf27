public import Foundation

/// The abstract superclass of document samples (``HKCDADocumentSample``).
public class HKDocumentSample: HKSample, @unchecked Sendable {
    /// The sample's document type.
    public let documentType: HKDocumentType

    package init(
        uuid: UUID, type: HKDocumentType, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) {
        documentType = type
        super.init(
            uuid: uuid, sampleType: type, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision)
    }

    /// Unarchives a document sample; nil without a document type.
    public required init?(coder: NSCoder) {
        guard let type = Self.archivedType(HKDocumentType.self, in: coder) else { return nil }
        documentType = type
        super.init(coder: coder)
    }
}
