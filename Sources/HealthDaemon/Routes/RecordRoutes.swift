import Foundation
import OpenHealthKitModel
import Hummingbird
import HTTPTypes
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitWire

/// An app's routes of health records, documents, medications, attachments and per-object authorization
/// (docs/HEALTHD.md). Each is audited like the data routes: the operation, the types and the count.
struct RecordRoutes {
    let bodies: BodyReader
    let attachmentBodies: BodyReader
    let configuration: DaemonConfiguration

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.healthRecords) { [self] request, context in
            let user = try context.caller.user
            let supported = try await offload { [user] in try await user.engine.hasClinicalRecords() }
            return JSONResponses.response(WireHealthRecordsSupport(supported: supported))
        }

        // Asks the owner which objects the app may read and waits for the answer up to `wait` seconds, as the type
        // permission request does: 200 `answered`, or 202 `pending` (ask again to keep waiting).
        router.on(WireRoutes.requestObjectAuthorization) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireObjectAuthorizationRequest.self, from: request)
            let type = try WireTypes.objectType(body.type)
            let asking = Task { [user] in
                try await user.engine.requestObjectReadAuthorization(
                    for: type, predicate: body.predicate?.tree, app: app.manifest,
                    answerer: user.pending.continuing(body.continuing))
            }
            guard let outcome = await TaskDeadline.outcome(of: asking, within: wait(request)) else {
                let id = user.pending.pending(app: app.bundleIdentifier).last?.id
                return JSONResponses.response(
                    WireAuthorizationOutcome(status: .pending, requestId: id), status: .accepted)
            }
            await user.auditor.record(
                app.bundleIdentifier, "authorization.objects", types: [type.identifier], count: 0, outcome)
            try outcome.get()
            return JSONResponses.response(WireAuthorizationOutcome(status: .answered))
        }

        router.on(WireRoutes.queryDocuments) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireDocumentQuery.self, from: request)
            guard let type = try WireTypes.sampleType(body.type) as? HKDocumentType else {
                throw APIError.badRequest("\(body.type) is not a document type")
            }
            let sort = try (body.sort ?? []).map { try $0.rowSort }
            let limit = try body.resultLimit
            let reading = Task { [user] in
                try await user.engine.documents(
                    of: type, predicate: body.predicate?.tree, sort: sort, limit: limit,
                    includeData: body.includeDocumentData, as: .app(app.manifest), answerer: user.pending)
            }
            guard let documents = await TaskDeadline.value(of: reading, within: wait(request)) else {
                let id = user.pending.pending(app: app.bundleIdentifier).last?.id
                return JSONResponses.response(WireDocumentsResponse(status: .pending, requestId: id), status: .accepted)
            }
            let samples = try await user.auditor.audited(
                app.bundleIdentifier, "query.documents", types: [type.identifier], count: \.count
            ) { try documents.get() }
            return JSONResponses.response(
                WireDocumentsResponse(status: .answered, samples: samples.map(WireSample.init)))
        }

        router.on(WireRoutes.queryMedications) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireMedicationQuery.self, from: request)
            let limit = try body.resultLimit
            let medications = try await user.auditor.audited(
                app.bundleIdentifier, "query.medications", types: [HKDataTypeIdentifierUserAnnotatedMedicationConcept],
                count: \.count
            ) {
                try await offload { [user] in
                    try await user.engine.medications(
                        matching: body.predicate?.tree, limit: limit, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireMedicationsResponse(medications: medications.map(WireMedication.init)))
        }

        router.on(WireRoutes.addAttachment) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await attachmentBodies.decode(WireAttachmentUpload.self, from: request)
            guard let type = UTType(body.contentType) else {
                throw APIError.badRequest("\(body.contentType) is not a content type")
            }
            let metadata = SendableMetadataValue(try WireMetadata.decode(body.metadata))
            let attachment = try await user.auditor.audited(
                app.bundleIdentifier, "attachment.add", types: [HKVisionPrescriptionTypeIdentifier], count: { _ in 1 }
            ) {
                try await offload { [user] in
                    try await user.engine.addAttachment(
                        to: body.object, name: body.name, contentType: type, data: body.data,
                        metadata: metadata.value, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireAttachment(attachment), status: .created)
        }

        router.on(WireRoutes.objectAttachments) { [self] request, context in
            let app = try context.caller, user = app.user
            let object = try uuid(context, "uuid")
            let attachments = try await user.auditor.audited(
                app.bundleIdentifier, "attachment.list", types: [], count: \.count
            ) {
                try await offload { [user] in try await user.engine.attachments(of: object, as: .app(app.manifest)) }
            }
            return JSONResponses.response(WireAttachmentsResponse(attachments: attachments.map(WireAttachment.init)))
        }

        router.on(WireRoutes.attachmentData) { [self] request, context in
            let app = try context.caller, user = app.user
            let identifier = try uuid(context, "uuid")
            let (data, contentType) = try await user.auditor.audited(
                app.bundleIdentifier, "attachment.read", types: [], count: { _ in 1 }
            ) {
                try await offload { [user] in
                    let attachment = try await user.engine.attachment(identifier, as: .app(app.manifest))
                    var data = Data()
                    try await user.engine.readAttachment(identifier, as: .app(app.manifest)) { chunk in
                        data.append(chunk)
                        return true
                    }
                    return (data, attachment?.contentType.preferredMIMEType ?? "application/octet-stream")
                }
            }
            return Response(
                status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }

        router.on(WireRoutes.removeAttachment) { [self] request, context in
            let app = try context.caller, user = app.user
            let identifier = try uuid(context, "uuid")
            guard let object = request.uri.queryParameters.get("object").flatMap(UUID.init(uuidString:)) else {
                throw APIError.badRequest("Give the object the attachment is removed from: ?object=<uuid>")
            }
            try await user.auditor.audited(app.bundleIdentifier, "attachment.remove", types: [], count: { _ in 1 }) {
                try await offload { [user] in
                    try await user.engine.removeAttachment(identifier, from: object, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireCountResponse(count: 1))
        }
    }

    /// The `?wait=` of a request that may wait for the owner (default 30 seconds, at most the configured maximum).
    private func wait(_ request: Request) -> TimeInterval {
        min(
            configuration.maximumAuthorizationWait,
            max(0, request.uri.queryParameters.get("wait").flatMap(Double.init) ?? 30))
    }

    private func uuid(_ context: AppContext, _ name: String) throws -> UUID {
        guard let uuid = context.parameters.get(name).flatMap(UUID.init(uuidString:)) else {
            throw APIError.badRequest("The \(name) is a UUID")
        }
        return uuid
    }
}

/// Metadata decoded from the wire, handed to the engine's queue (its values are strings, numbers and dates).
struct SendableMetadataValue: @unchecked Sendable {
    let value: [String: Any]?

    init(_ value: [String: Any]?) {
        self.value = value
    }
}
