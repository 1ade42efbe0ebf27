import Foundation
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RemoteBackend {
    func supportsHealthRecords() throws -> Bool {
        try transport.call(WireRoutes.healthRecords, as: WireHealthRecordsSupport.self).answer.supported
    }

    /// Waits for the owner's answer as ``requestAuthorization(toShare:read:)`` does (asking again while it is pending).
    func requestObjectReadAuthorization(for type: HKObjectType, predicate: PredicateTree?) async throws {
        var body = WireObjectAuthorizationRequest(type: type.identifier, predicate: predicate)
        while true {
            let outcome = try await blocking { [transport, body] in
                try transport.call(
                    WireRoutes.requestObjectAuthorization, query: Self.waitQuery, body: body,
                    timeout: TimeInterval(Self.authorizationWait + 30), as: WireAuthorizationOutcome.self
                ).answer
            }
            if outcome.status == .answered { return }
            body.continuing = outcome.requestId ?? body.continuing
            try Task.checkCancellation()
        }
    }

    func documents(
        of type: HKDocumentType, predicate: PredicateTree?, sort: [RowSort], limit: Int, includeData: Bool
    ) async throws -> [HKCDADocumentSample] {
        let body = WireDocumentQuery(
            type: type.identifier, predicate: predicate, sort: sort, limit: limit, includeDocumentData: includeData)
        while true {
            let answer = try await blocking { [transport] in
                try transport.call(
                    WireRoutes.queryDocuments, query: Self.waitQuery, body: body,
                    timeout: TimeInterval(Self.authorizationWait + 30), as: WireDocumentsResponse.self
                ).answer
            }
            if answer.status == .answered {
                return try answer.samples.map {
                    guard let document = try $0.sample() as? HKCDADocumentSample else {
                        throw HKError(.unknownError, "healthd answered a document query with another kind of sample")
                    }
                    return document
                }
            }
            try Task.checkCancellation()
        }
    }

    func medications(predicate: PredicateTree?, limit: Int) throws -> [HKUserAnnotatedMedication] {
        try transport.call(
            WireRoutes.queryMedications, body: WireMedicationQuery(predicate: predicate, limit: limit),
            as: WireMedicationsResponse.self
        ).answer.medications.map(\.medication)
    }

    func addAttachment(to object: UUID, name: String, contentType: UTType, data: Data, metadata: [String: Any]?)
        throws -> HKAttachment
    {
        let upload = WireAttachmentUpload(
            object: object, name: name, contentType: contentType.identifier, data: data,
            metadata: WireMetadata.encode(metadata))
        return try transport.call(WireRoutes.addAttachment, body: upload, as: WireAttachment.self).answer.attachment
    }

    func attachments(of object: UUID) throws -> [HKAttachment] {
        try transport.call(WireRoutes.objectAttachments.with(object), as: WireAttachmentsResponse.self).answer
            .attachments.map { try $0.attachment }
    }

    /// healthd sends the bytes whole (at most an attachment's 20 MiB); they are handed over in chunks.
    func readAttachment(_ identifier: UUID, _ body: (Data) throws -> Bool) throws {
        let data = try transport.bytes(WireRoutes.attachmentData.with(identifier))
        let chunk = 256 << 10
        var offset = 0
        repeat {
            let end = min(offset + chunk, data.count)
            guard try body(data.subdata(in: offset..<end)) else { return }
            offset = end
        } while offset < data.count
    }

    func removeAttachment(_ identifier: UUID, from object: UUID) throws {
        _ = try transport.call(
            WireRoutes.removeAttachment.with(identifier),
            query: [URLQueryItem(name: "object", value: object.uuidString)], as: WireCountResponse.self)
    }

    private static var waitQuery: [URLQueryItem] {
        [URLQueryItem(name: "wait", value: String(authorizationWait))]
    }
}
