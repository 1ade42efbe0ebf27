public import CoreLocation
import Foundation
import OpenHealthKitEngine

/// Builds a workout's route from the locations recorded during it, then saves it for the workout.
///
/// Insert locations as they come (in any order: the route keeps them by time), then, once the workout is saved,
/// ``finishRoute(with:metadata:completion:)`` saves the route (from its first to its last location) as a route of
/// that workout; the app needs share permission for `HKSeriesType.workoutRoute()`. A coordinate off the globe, a
/// number that is not finite, inserting after finishing or discarding, and finishing without a location are
/// `errorInvalidArgument` and change nothing. Completion handlers run in the order of the calls on a queue of the
/// builder's.
open class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
    private let healthStore: HKHealthStore
    private let device: HKDevice?
    /// Where the builder's calls run, one at a time, in order.
    private let queue = DispatchQueue(label: "OpenHealthKit.HKWorkoutRouteBuilder")
    private let locations = Locked<[RouteLocationRow]>([])
    private let routeMetadata = Locked<[String: Any]>([:])

    /// A builder of a route recorded with `device`, saved to `healthStore`.
    public init(healthStore: HKHealthStore, device: HKDevice?) {
        self.healthStore = healthStore
        self.device = device
        super.init()
    }

    /// Adds locations to the route.
    open func insertRouteData(_ routeData: [CLLocation], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let rows = Result { try routeData.map(RouteLocationConversion.row) }.mapError(HKError.init(wrapping:))
        queue.async { [self] in
            do {
                try state.withLock { $0 }.checkCollecting("route builder")
                let new = try rows.get()
                locations.withLock { $0 += new }
                completion(true, nil)
            } catch {
                completion(false, HKError(wrapping: error))
            }
        }
    }

    /// Adds locations to the route.
    open func insertRouteData(_ routeData: [CLLocation]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            insertRouteData(routeData) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    /// Adds metadata to the route's (a key added again takes the new value).
    open func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        nonisolated(unsafe) let metadata = metadata
        queue.async { [self] in
            do {
                try state.withLock { $0 }.checkCollecting("route builder")
                try MetadataValidation.validate(metadata)
                routeMetadata.withLock { $0.merge(metadata) { _, new in new } }
                completion(true, nil)
            } catch {
                completion(false, HKError(wrapping: error))
            }
        }
    }

    /// Adds metadata to the route's (a key added again takes the new value).
    open func addMetadata(_ metadata: [String: Any]) async throws {
        nonisolated(unsafe) let metadata = metadata
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            addMetadata(metadata) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    /// Saves the route, with `metadata` added to the builder's, as a route of `workout` (saved already); the builder
    /// accepts nothing more.
    open func finishRoute(
        with workout: HKWorkout, metadata: [String: Any]?,
        completion: @escaping @Sendable (HKWorkoutRoute?, (any Error)?) -> Void
    ) {
        nonisolated(unsafe) let metadata = metadata
        queue.async { [self] in
            do {
                completion(try finish(workout, metadata: metadata), nil)
            } catch {
                completion(nil, HKError(wrapping: error))
            }
        }
    }

    /// Saves the route as a route of `workout` (saved already); the builder accepts nothing more.
    open func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        nonisolated(unsafe) let metadata = metadata
        return try await withCheckedThrowingContinuation { continuation in
            finishRoute(with: workout, metadata: metadata) { route, error in
                if let route {
                    continuation.resume(returning: route)
                } else {
                    continuation.resume(throwing: error ?? HKError(.unknownError, "The route was not saved"))
                }
            }
        }
    }

    private func finish(_ workout: HKWorkout, metadata: [String: Any]?) throws -> HKWorkoutRoute {
        try state.withLock { $0 }.checkCollecting("route builder")
        if let metadata { try MetadataValidation.validate(metadata) }
        let rows = locations.withLock { $0 }.sorted { $0.timestamp < $1.timestamp }
        guard let first = rows.first, let last = rows.last else {
            throw HKError.invalidArgument("A route needs at least one location")
        }
        var merged = routeMetadata.withLock { $0 }
        if let metadata { merged.merge(metadata) { _, new in new } }
        let route = HKWorkoutRoute(
            uuid: UUID(), start: Date(timeIntervalSince1970: first.timestamp),
            end: Date(timeIntervalSince1970: last.timestamp), count: rows.count, device: device,
            metadata: merged.isEmpty ? nil : merged, sourceRevision: HKSourceRevision(source: .default(), version: nil))
        let stored = rows.map { row -> RouteLocationRow in
            var row = row
            row.routeUUID = route.uuid
            return row
        }
        try healthStore.backend.saveRoute(route, locations: stored, workout: workout.uuid)
        state.withLock { $0 = .finished }
        return route
    }
}
