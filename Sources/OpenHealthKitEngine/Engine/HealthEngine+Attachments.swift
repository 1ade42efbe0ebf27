package import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// Attaches a file to a stored vision prescription (`HKAttachmentStore.addAttachment`). The app must have saved
    /// the prescription (the owner may attach to any); the file is checked (``AttachmentValidation``: size, content
    /// type against its bytes, name, metadata) and stored with the object, in the database.
    package func addAttachment(
        to objectUUID: UUID, name: String, contentType: UTType, data: Data, metadata: [String: Any]?,
        as principal: Principal
    ) async throws -> HKAttachment {
        try AttachmentValidation.validate(name: name, contentType: contentType, data: data, metadata: metadata)
        let row = try await ownedObject(objectUUID, as: principal)
        guard row.typeIdentifier == HKVisionPrescriptionTypeIdentifier else {
            throw HKError.invalidArgument("Files attach to vision prescriptions only, not to \(row.typeIdentifier)")
        }
        let attachment = AttachmentRow(
            identifier: UUID(), objectUUID: objectUUID, name: name, contentType: contentType.identifier,
            size: data.count, creationDate: Date().timeIntervalSince1970, metadata: MetadataCoding.encode(metadata))
        try await storageCall { try storage.addAttachment(attachment, data: data) }
        return Self.attachment(attachment)
    }

    /// The attachments of an object the principal may read, oldest first; none for an object it may not read or that
    /// is not stored (the two look the same).
    package func attachments(of objectUUID: UUID, as principal: Principal) async throws -> [HKAttachment] {
        guard try await readableObject(objectUUID, as: principal) != nil else { return [] }
        return try await storageCall { try storage.attachments(of: objectUUID) }.map(Self.attachment)
    }

    /// Reads an attachment's bytes in chunks, if the principal may read its object; otherwise, or when no attachment
    /// has this identifier, `errorNoData` (the same answer for both).
    package func readAttachment(
        _ identifier: UUID, as principal: Principal, chunkSize: Int = 256 << 10, _ body: (Data) throws -> Bool
    ) async throws {
        let notFound = HKError(.errorNoData, "No attachment \(identifier) can be read")
        guard let row = try await storageCall({ try storage.attachment(identifier) }),
            try await readableObject(row.objectUUID, as: principal) != nil
        else { throw notFound }
        guard try await storageCall({ try storage.readAttachmentData(identifier, chunkSize: chunkSize, body) }) else {
            throw notFound
        }
    }

    /// The attachment with this identifier, if the principal may read its object (nil otherwise, or when there is
    /// none).
    package func attachment(_ identifier: UUID, as principal: Principal) async throws -> HKAttachment? {
        guard let row = try await storageCall({ try storage.attachment(identifier) }),
            try await readableObject(row.objectUUID, as: principal) != nil
        else { return nil }
        return Self.attachment(row)
    }

    /// Removes an attachment from an object the principal saved (the owner: any). "Not yours" and "not there" get
    /// the same `errorAuthorizationDenied`.
    package func removeAttachment(_ identifier: UUID, from objectUUID: UUID, as principal: Principal) async throws {
        let denied = HKError(
            .errorAuthorizationDenied,
            "An app may remove only attachments of objects it saved; \(identifier) is not one")
        guard await (try? ownedObject(objectUUID, as: principal)) != nil else { throw denied }
        guard try await storageCall({ try storage.removeAttachment(identifier, from: objectUUID) }) else {
            throw denied
        }
    }

    /// The stored sample with this UUID if the principal saved it (the owner: any); `errorAuthorizationDenied`
    /// otherwise, the same for "not yours" and "not there".
    private func ownedObject(_ uuid: UUID, as principal: Principal) async throws -> SampleRow {
        let row = try await storageCall {
            try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .uuids([uuid])))
        }.first
        if case .app(let app) = principal {
            try app.checkProvisioning()
            guard let row, row.source.bundleIdentifier == app.bundleIdentifier else {
                throw HKError(
                    .errorAuthorizationDenied, "An app may attach files only to objects it saved; \(uuid) is not one")
            }
            return row
        }
        guard let row else { throw HKError.invalidArgument("No object \(uuid) is stored") }
        return row
    }

    /// The stored sample with this UUID if the principal may read it, else nil.
    private func readableObject(_ uuid: UUID, as principal: Principal) async throws -> SampleRow? {
        guard
            let row = try await storageCall({
                try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .uuids([uuid])))
            })
            .first,
            let type = HKObjectType.type(forRawIdentifier: row.typeIdentifier)
        else { return nil }
        let query = try await readScope(for: type, as: principal).applied(
            to: RowQuery(typeIdentifiers: [row.typeIdentifier], condition: .uuids([uuid])))
        return try await storageCall { try await storage.fetch(query) }.first
    }

    static func attachment(_ row: AttachmentRow) -> HKAttachment {
        HKAttachment(
            identifier: row.identifier, name: row.name, contentType: UTType(row.contentType) ?? .data, size: row.size,
            creationDate: Date(timeIntervalSince1970: row.creationDate), metadata: MetadataCoding.decode(row.metadata))
    }
}
