import Foundation
import OpenHealthKitModel
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitWire

/// The app's authorization routes: HealthKit's request checks, the permission request that waits for the
/// owner's answer, and the statuses.
struct AuthorizationRoutes {
    let bodies: BodyReader
    let configuration: DaemonConfiguration

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.app) { [self] request, context in
            JSONResponses.response(WireAppSummary(try context.caller.manifest))
        }

        router.on(WireRoutes.checkAuthorization) { [self] request, context in
            let app = try context.caller, user = app.user
            let types = try await bodies.decode(WireAuthorizationRequest.self, from: request).types()
            try user.engine.checkRequestShape(app: app.manifest, share: types.share, read: types.read)
            return JSONResponses.response(["status": "ok"])
        }

        // Asks the owner about the undecided types and waits for the answer up to `wait` seconds (default 30):
        // 200 `answered` once recorded, 202 `pending` with the request's id if the owner has not answered yet
        // (ask again to keep waiting: the same request is joined, not repeated). When healthd stops meanwhile the
        // answer is 202 too: the request is kept in the store, and joined when the app asks the restarted healthd.
        router.on(WireRoutes.requestAuthorization) { [self] request, context in
            let app = try context.caller, user = app.user
            let types = try await bodies.decode(WireAuthorizationRequest.self, from: request).types()
            try user.engine.checkRequest(app: app.manifest, share: types.share, read: types.read)
            // The API's bound (docs/openapi.yaml), then the configuration's, which may be shorter.
            let wait = min(
                configuration.maximumAuthorizationWait,
                try QueryParameters(request).number("wait", in: 0...120) ?? 30)
            let identifiers = WireTypes.identifiers(types.read.union(types.share.map { $0 as HKObjectType }))
            let asked = Date()
            // The request outlives this call: if the app gives up waiting, the owner's answer is still recorded.
            let asking = Task { [user] in
                try await user.engine.requestAuthorization(
                    app: app.manifest, share: types.share, read: types.read, answerer: user.pending)
            }
            // Not answered yet, or healthd is stopping (the request is kept for the next start): the app asks again.
            guard let outcome = await TaskDeadline.outcome(of: asking, within: wait),
                !(user.pending.isClosed && outcome.isFailure)
            else {
                let id = user.pending.pending(app: app.bundleIdentifier).last?.id
                return JSONResponses.response(
                    WireAuthorizationOutcome(status: .pending, requestId: id), status: .accepted)
            }
            // Recorded once answered, at the time it was asked: the access log lists it before the owner's answer.
            await user.auditor.record(
                app.bundleIdentifier, "authorization.request", types: identifiers, count: 0, outcome, time: asked)
            try outcome.get()
            return JSONResponses.response(WireAuthorizationOutcome(status: .answered))
        }

        router.on(WireRoutes.authorizationRequest) { [self] request, context in
            let app = try context.caller, user = app.user
            guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)),
                user.pending.pending(app: app.bundleIdentifier).contains(where: { $0.id == id })
            else {
                throw APIError(
                    .notFound,
                    HKError(.errorNoData, "No pending permission request has this id: it was answered, or never made"))
            }
            return JSONResponses.response(WireAuthorizationOutcome(status: .pending, requestId: id))
        }

        router.on(WireRoutes.authorizationRequestStatus) { [self] request, context in
            let app = try context.caller, user = app.user
            let types = try await bodies.decode(WireAuthorizationRequest.self, from: request).types()
            let status = try await offload { [user] in
                try await user.engine.requestStatus(app: app.manifest, share: types.share, read: types.read)
            }
            return JSONResponses.response(WireRequestStatus(status))
        }

        router.on(WireRoutes.authorizationStatus) { [self] request, context in
            let app = try context.caller, user = app.user
            guard let name = try QueryParameters(request).string("type") else {
                throw APIError.badRequest("Give the type: ?type=<identifier>")
            }
            let type = try WireTypes.objectType(name)
            let status = try await offload { [user] in
                try await user.engine.authorizationStatus(for: type, app: app.manifest)
            }
            return JSONResponses.response(WireAuthorizationStatus(type: type.identifier, status: status))
        }
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

extension Auditor {
    /// Records a call whose outcome is a result, made at `time`.
    func record(
        _ caller: String, _ operation: String, types: [String], count: Int, _ outcome: Result<Void, any Error>,
        time: Date = Date()
    ) async {
        let errorCode: Int? =
            switch outcome {
            case .success: nil
            case .failure(let error): APIError(from: error).error.code.rawValue
            }
        await record(caller, operation, types: types, count: count, errorCode: errorCode, time: time)
    }
}
