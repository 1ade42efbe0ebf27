package import Foundation

/// A storage of files attached to stored samples (``AttachmentRow`` and their bytes). An attachment lives as long
/// as its sample: deleting the sample deletes its attachments in the same transaction.
package protocol AttachmentStorage: Storage {
    /// Stores an attachment and its bytes in one transaction. The object must be a stored sample
    /// (``StorageError/missingParent(_:)`` otherwise); an identifier already stored is
    /// ``StorageError/duplicateUUID(_:)``.
    func addAttachment(_ attachment: AttachmentRow, data: Data) throws

    /// The attachments of an object, oldest first (none when the object is not stored).
    func attachments(of objectUUID: UUID) throws -> [AttachmentRow]

    /// The attachment with this identifier, or nil.
    func attachment(_ identifier: UUID) throws -> AttachmentRow?

    /// Hands the attachment's bytes to `body` in order, in chunks of at most `chunkSize` bytes, from one read snapshot;
    /// `body` returns false to stop. Returns false when no attachment has this identifier. `body` must not call the
    /// storage.
    func readAttachmentData(_ identifier: UUID, chunkSize: Int, _ body: (Data) throws -> Bool) throws -> Bool

    /// Removes an attachment from its object; returns false when that object has no attachment with this identifier.
    func removeAttachment(_ identifier: UUID, from objectUUID: UUID) throws -> Bool
}
