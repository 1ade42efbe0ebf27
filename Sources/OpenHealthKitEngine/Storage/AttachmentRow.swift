package import Foundation

/// A file attached to a stored object (`HKAttachment`), without its bytes.
package struct AttachmentRow: Sendable, Equatable {
    package var identifier: UUID
    /// The object it is attached to.
    package var objectUUID: UUID
    package var name: String
    /// The uniform type identifier (`public.jpeg`).
    package var contentType: String
    package var size: Int
    /// Seconds since 1970.
    package var creationDate: Double
    /// The metadata as JSON (see `MetadataCoding`), or nil.
    package var metadata: String?

    package init(
        identifier: UUID, objectUUID: UUID, name: String, contentType: String, size: Int, creationDate: Double,
        metadata: String?
    ) {
        self.identifier = identifier
        self.objectUUID = objectUUID
        self.name = name
        self.contentType = contentType
        self.size = size
        self.creationDate = creationDate
        self.metadata = metadata
    }
}
