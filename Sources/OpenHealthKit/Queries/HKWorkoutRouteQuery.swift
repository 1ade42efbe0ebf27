public import CoreLocation
public import Foundation
import OpenHealthKitEngine

/// A query for the locations of a workout route, delivered in batches in time order: the data handler is called
/// once per batch, the last with `done` true (a route without locations: one call with none). Only the route's own
/// locations; with a date interval, those recorded within it. A route the app may not read (or that is not there)
/// has none.
open class HKWorkoutRouteQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// How many locations a batch holds at most.
    static let batchSize = 1_000

    private let route: HKWorkoutRoute
    private let dateInterval: DateInterval?
    private let dataHandler: @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void

    /// A query for every location of `workoutRoute`.
    public init(
        route workoutRoute: HKWorkoutRoute,
        dataHandler: @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void
    ) {
        (route, dateInterval, self.dataHandler) = (workoutRoute, nil, dataHandler)
        super.init(
            objectType: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObject(with: workoutRoute.uuid))
    }

    /// A query for the locations of `workoutRoute` recorded within `dateInterval`.
    public init(
        route workoutRoute: HKWorkoutRoute, dateInterval: DateInterval,
        dataHandler: @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void
    ) {
        (route, self.dateInterval, self.dataHandler) = (workoutRoute, dateInterval, dataHandler)
        super.init(
            objectType: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObject(with: workoutRoute.uuid))
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        queue.async { [self] in
            var offset = 0
            while !isStopped {
                let page = Result {
                    try backend.routeLocations(
                        of: route.uuid, in: dateInterval, offset: offset, limit: Self.batchSize)
                }.mapError(HKError.init(wrapping:))
                guard !isStopped else { return }
                switch page {
                case .failure(let error):
                    dataHandler(self, nil, true, error)
                    return
                case .success(let rows):
                    offset += rows.count
                    let done = rows.count < Self.batchSize
                    dataHandler(self, rows.map(RouteLocationConversion.location), done, nil)
                    if done { return }
                }
            }
        }
        return nil
    }
}
