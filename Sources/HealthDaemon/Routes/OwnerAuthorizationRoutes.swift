import Foundation
import Hummingbird
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// The owner's side of permission requests: the sheets waiting to be answered, and the answer.
struct OwnerAuthorizationRoutes {
    let bodies: BodyReader
    let logger: Logger

    func add(to router: RouterGroup<OwnerContext>) {
        router.on(WireRoutes.pendingAuthorizations) { [self] request, context in
            let user = try context.caller
            // Requests made through another healthd on the database a moment ago, before its announcement arrived.
            if user.sharesRecords { try await offload { try user.pending.load() } }
            let requests = user.pending.pending().map { pending in
                WirePendingRequest(
                    id: pending.id, app: WireAppSummary(pending.request.app),
                    toShare: WireTypes.identifiers(pending.request.toShare.map { $0 as HKObjectType }),
                    toRead: WireTypes.identifiers(pending.request.toRead), createdAt: pending.createdAt,
                    objects: pending.request.objects.map(WireObjectReadRequest.init))
            }
            return JSONResponses.response(WirePendingRequests(requests: requests))
        }

        // The types switched on; every other type of the request is denied. Types the request did not ask about
        // are ignored.
        router.on(WireRoutes.answerAuthorization) { [self] request, context in
            let user = try context.caller
            guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
                throw APIError.badRequest("The request id is a UUID")
            }
            let body = try await bodies.decode(WireAuthorizationAnswer.self, from: request)
            let answer = AuthorizationAnswer(
                allowedToShare: try WireTypes.sampleTypes(body.allowedToShare),
                allowedToRead: try WireTypes.objectTypes(body.allowedToRead),
                allowedObjects: Set(body.allowedObjects ?? []))
            guard let answered = user.pending.resolve(id, with: answer) else {
                throw APIError(.notFound, HKError(.errorNoData, "No pending permission request has the id \(id)"))
            }
            logger.info("answered a permission request of \(answered.request.app.bundleIdentifier)")
            return JSONResponses.response(WireAuthorizationOutcome(status: .answered, requestId: id))
        }
    }
}
