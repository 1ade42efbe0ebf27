import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

extension RemoteBackend {
    func associate(_ samples: [UUID], withWorkout workout: UUID) throws {
        RemoteQueryStarts.waitForEarlierStarts()
        _ = try transport.call(
            WireRoutes.associateWithWorkout, body: WireAssociateRequest(workout: workout, samples: samples),
            as: WireCountResponse.self)
    }

    /// As a save does, the route carries the revision healthd stamped.
    func saveRoute(_ route: HKWorkoutRoute, locations: [RouteLocationRow], workout: UUID) throws {
        RemoteQueryStarts.waitForEarlierStarts()
        let body = WireRouteSaveRequest(
            route: WireSample(route), workout: workout, locations: locations.map(WireLocation.init))
        let answer = try transport.call(WireRoutes.saveWorkoutRoute, body: body, as: WireSaveResponse.self).answer
        if let revision = answer.sourceRevision?.sourceRevision { route.sourceRevision = revision }
    }

    func routeLocations(of route: UUID, in interval: DateInterval?, offset: Int, limit: Int) throws
        -> [RouteLocationRow]
    {
        try transport.call(
            WireRoutes.queryRouteLocations,
            body: WireRouteLocationsQuery(route: route, interval: interval, offset: offset, limit: limit),
            as: WireRouteLocationsResponse.self
        ).answer.locations.map { try $0.row(route: route) }
    }

    func relateEffort(_ sample: HKSample, toWorkout workout: UUID, activity: UUID?) throws {
        try effort(WireRoutes.relateWorkoutEffort, sample, workout: workout, activity: activity)
    }

    func unrelateEffort(_ sample: HKSample, fromWorkout workout: UUID, activity: UUID?) throws {
        try effort(WireRoutes.unrelateWorkoutEffort, sample, workout: workout, activity: activity)
    }

    /// Relates or unrelates, after the queries this process started learned their anchors (it is a change).
    private func effort(_ route: WireRoute<Void>, _ sample: HKSample, workout: UUID, activity: UUID?) throws {
        RemoteQueryStarts.waitForEarlierStarts()
        _ = try transport.call(
            route, body: WireEffortRequest(sample: WireSample(sample), workout: workout, activity: activity),
            as: WireCountResponse.self)
    }

    func effortRelationships(
        predicate: PredicateTree?, after anchor: Int64, option: HKWorkoutEffortRelationshipQueryOptions
    ) throws -> (relationships: [HKWorkoutEffortRelationship], anchor: Int64) {
        let answer = try transport.call(
            WireRoutes.queryEffortRelationships,
            body: WireEffortQuery(predicate: predicate, anchor: anchor, option: option), as: WireEffortResponse.self
        ).answer
        return (try answer.relationships.map { try $0.relationship() }, answer.anchor)
    }
}
