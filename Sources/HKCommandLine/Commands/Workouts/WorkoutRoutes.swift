import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// A workout's routes and their locations, as the owner reads them.
enum WorkoutRoutes {
    /// How many locations are read at a time.
    static let page = 5_000

    /// The routes of the workout with this UUID, by start date.
    static func routes(of workout: UUID, engine: HealthEngine, as owner: Principal) throws -> [HKWorkoutRoute] {
        try engine.blocking {
            try await $0.samples(
                of: HKSeriesType.workoutRoute(), predicate: .leaf(.workout(uuid: workout)), sort: [RowSort(.startDate)],
                as: owner
            )
        }.compactMap { $0 as? HKWorkoutRoute }
    }

    /// Every location of a route, in time order, read a page at a time.
    static func locations(of route: UUID, engine: HealthEngine, as owner: Principal) throws -> [RouteLocationRow] {
        var all: [RouteLocationRow] = []
        while true {
            let page = try engine.blocking {
                try await $0.routeLocations(of: route, in: nil, offset: all.count, limit: Self.page, as: owner)
            }
            all += page
            if page.count < Self.page { return all }
        }
    }
}
