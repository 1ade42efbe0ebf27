import Foundation
import OpenHealthKitEngine

extension EmbeddedBackend {
    func associate(_ samples: [UUID], withWorkout workout: UUID) throws {
        try engine.blocking { try await $0.associate(samples, withWorkout: workout, as: principal()) }
    }

    func saveRoute(_ route: HKWorkoutRoute, locations: [RouteLocationRow], workout: UUID) throws {
        try engine.blocking { try await $0.saveRoute(route, locations: locations, workout: workout, as: principal()) }
    }

    func routeLocations(of route: UUID, in interval: DateInterval?, offset: Int, limit: Int) throws
        -> [RouteLocationRow]
    {
        try engine.blocking {
            try await $0.routeLocations(of: route, in: interval, offset: offset, limit: limit, as: principal())
        }
    }

    func relateEffort(_ sample: HKSample, toWorkout workout: UUID, activity: UUID?) throws {
        try engine.blocking {
            try await $0.relateEffort(sample, toWorkout: workout, activity: activity, as: principal())
        }
    }

    func unrelateEffort(_ sample: HKSample, fromWorkout workout: UUID, activity: UUID?) throws {
        try engine.blocking {
            try await $0.unrelateEffort(sample, fromWorkout: workout, activity: activity, as: principal())
        }
    }

    func effortRelationships(
        predicate: PredicateTree?, after anchor: Int64, option: HKWorkoutEffortRelationshipQueryOptions
    ) throws -> (relationships: [HKWorkoutEffortRelationship], anchor: Int64) {
        try engine.blocking {
            try await $0.effortRelationships(predicate: predicate, after: anchor, option: option, as: principal())
        }
    }
}
