package import Foundation
package import OpenHealthKitEngine

/// What an `HKHealthStore` needs for health records, documents, medications and attachments, scoped to the store's
/// app (see ``HealthStoreBackend``).
package protocol RecordsBackend: Sendable {
    /// Whether the store holds clinical records (`supportsHealthRecords()`).
    func supportsHealthRecords() throws -> Bool
    /// Asks the user which objects of a per-object type the app may read (`requestPerObjectReadAuthorization`).
    func requestObjectReadAuthorization(for type: HKObjectType, predicate: PredicateTree?) async throws
    /// `HKDocumentQuery`: the documents whose content the app may read, asking the user about new ones first.
    func documents(
        of type: HKDocumentType, predicate: PredicateTree?, sort: [RowSort], limit: Int, includeData: Bool
    ) async throws -> [HKCDADocumentSample]
    /// `HKUserAnnotatedMedicationQuery`: the medications the user shared with the app.
    func medications(predicate: PredicateTree?, limit: Int) throws -> [HKUserAnnotatedMedication]
    /// Attaches a file to an object the app saved.
    func addAttachment(to object: UUID, name: String, contentType: UTType, data: Data, metadata: [String: Any]?)
        throws -> HKAttachment
    /// The attachments of an object the app may read.
    func attachments(of object: UUID) throws -> [HKAttachment]
    /// Hands an attachment's bytes to `body` in order; `body` returns false to stop.
    func readAttachment(_ identifier: UUID, _ body: (Data) throws -> Bool) throws
    /// Removes an attachment from an object the app saved.
    func removeAttachment(_ identifier: UUID, from object: UUID) throws
}
