package import Foundation

/// What workouts keep beyond their sample rows: the samples associated with a workout, route locations read a page
/// at a time, and effort samples related to workouts. Workout rows themselves (with their activities and statistics,
/// ``WorkoutRow``) and routes (``SampleDetail/workoutRoute(_:)``) are stored by ``Storage/insert(_:)``.
package protocol WorkoutStorage: AnyObject, Sendable {
    /// Associates stored samples with a stored workout (`HKHealthStore.add(_:to:)`), in one transaction: each pair is
    /// kept once (associating again changes nothing), and goes when either sample is deleted. A UUID not stored, or a
    /// workout UUID that is not a workout, is ``StorageError/notFound(_:)`` and nothing is associated. No anchor
    /// moves: an association is not a change of samples.
    func associate(_ samples: [UUID], withWorkout workout: UUID) throws

    /// The locations of the route with UUID `route`, ordered by timestamp (ties: as inserted), skipping the first
    /// `offset` and returning at most `limit`; with `interval`, only those whose timestamp (seconds since 1970) lies
    /// in it, both ends included. An unknown route has none.
    func routeLocations(of route: UUID, in interval: ClosedRange<Double>?, offset: Int, limit: Int) throws
        -> [RouteLocationRow]

    /// Relates a stored sample to a stored workout, or to its activity `activity` (nil: the workout as a whole), in
    /// one transaction that gives the pair (workout, activity) the next anchor. Relating a pair again only moves its
    /// anchor. A sample, workout or activity (of that workout) not stored is ``StorageError/notFound(_:)``. The
    /// relationship goes when the sample or the workout is deleted. Returns the anchor.
    @discardableResult
    func relateEffort(_ sample: UUID, toWorkout workout: UUID, activity: UUID?) throws -> Int64

    /// Removes a relationship made by ``relateEffort(_:toWorkout:activity:)``, giving its pair the next anchor;
    /// returns false (and changes nothing) when there was none.
    func unrelateEffort(_ sample: UUID, fromWorkout workout: UUID, activity: UUID?) throws -> Bool

    /// The (workout, activity) pairs whose relationships changed after `anchor`, each with the samples related now,
    /// ordered by the anchor of their latest change, at most `limit` (0: all).
    func effortRelations(after anchor: Int64, limit: Int) throws -> [EffortRelationRow]
}
