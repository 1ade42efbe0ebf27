import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// An app's workout calls (its credential required): associating samples with a workout, saving a route with its
/// locations, reading a route's locations a page at a time, relating effort samples and reading the
/// relationships. Each is in the audit log.
struct WorkoutRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.associateWithWorkout) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireAssociateRequest.self, from: request)
            let count = try await user.auditor.audited(
                app.bundleIdentifier, "workout.associate", types: [HKWorkoutTypeIdentifier], count: { $0 }
            ) {
                try await offload { [user] in
                    try await user.engine.associate(body.samples, withWorkout: body.workout, as: .app(app.manifest))
                    return body.samples.count
                }
            }
            return JSONResponses.response(WireCountResponse(count: count))
        }

        router.on(WireRoutes.saveWorkoutRoute) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireRouteSaveRequest.self, from: request)
            let route = try await user.auditor.audited(
                app.bundleIdentifier, "workout.route.save", types: [HKWorkoutRouteTypeIdentifier], count: { _ in 1 }
            ) {
                guard let route = try body.route.sample() as? HKWorkoutRoute else {
                    throw HKError.invalidArgument("route must be a sample of type \(HKWorkoutRouteTypeIdentifier)")
                }
                let locations = try body.locations.map { try $0.row(route: route.uuid) }
                try await offload { [user] in
                    try await user.engine.saveRoute(
                        route, locations: locations, workout: body.workout, as: .app(app.manifest))
                }
                return route
            }
            return JSONResponses.response(WireSaveResponse(sourceRevision: WireSourceRevision(route.sourceRevision)))
        }

        router.on(WireRoutes.queryRouteLocations) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireRouteLocationsQuery.self, from: request)
            let page = try body.page
            let interval = try body.interval
            let locations = try await user.auditor.audited(
                app.bundleIdentifier, "query.routeLocations", types: [HKWorkoutRouteTypeIdentifier], count: \.count
            ) {
                try await offload { [user] in
                    try await user.engine.routeLocations(
                        of: body.route, in: interval, offset: page.offset, limit: page.limit, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireRouteLocationsResponse(locations: locations.map(WireLocation.init)))
        }

        router.on(WireRoutes.relateWorkoutEffort) { [self] request, context in
            try await effort(request, context, operation: "workout.effort.relate") { engine, sample, body, principal in
                try await engine.relateEffort(sample, toWorkout: body.workout, activity: body.activity, as: principal)
            }
        }

        router.on(WireRoutes.unrelateWorkoutEffort) { [self] request, context in
            try await effort(request, context, operation: "workout.effort.unrelate") {
                engine, sample, body, principal in
                try await engine.unrelateEffort(
                    sample, fromWorkout: body.workout, activity: body.activity, as: principal)
            }
        }

        router.on(WireRoutes.queryEffortRelationships) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireEffortQuery.self, from: request)
            let option = try body.queryOption
            let anchor = try body.startAnchor
            let answer = try await user.auditor.audited(
                app.bundleIdentifier, "query.effortRelationships", types: [HKWorkoutTypeIdentifier],
                count: { $0.relationships.count }
            ) {
                try await offload { [user] in
                    try await user.engine.effortRelationships(
                        predicate: body.predicate?.tree, after: anchor, option: option,
                        as: .app(app.manifest))
                }
            }
            return JSONResponses.response(
                WireEffortResponse(
                    relationships: answer.relationships.map(WireEffortRelationship.init), anchor: answer.anchor))
        }
    }

    /// Relates or unrelates an effort sample, audited under the sample's type.
    private func effort(
        _ request: Request, _ context: AppContext, operation: String,
        _ change: @escaping @Sendable (HealthEngine, HKSample, WireEffortRequest, Principal) async throws -> Void
    ) async throws -> Response {
        let app = try context.caller, user = app.user
        let body = try await bodies.decode(WireEffortRequest.self, from: request)
        try await user.auditor.audited(app.bundleIdentifier, operation, types: [WireTypes.identifier(body.sample.type)])
        {
            let sample = try body.sample.sample()
            try await offload { [user] in try await change(user.engine, sample, body, .app(app.manifest)) }
        }
        return JSONResponses.response(WireCountResponse(count: 1))
    }
}
