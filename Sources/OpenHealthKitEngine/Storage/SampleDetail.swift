/// What a sample of one kind holds beyond its ``SampleRow`` columns, in a table of that kind keyed by the sample
/// (bulk points in child tables, never one sample row per point). ``Storage/insert(_:)`` stores it with the row and
/// the reads return it.
package enum SampleDetail: Sendable, Equatable {
    /// A workout route (`HKWorkoutRouteTypeIdentifier`): its locations.
    case workoutRoute(WorkoutRouteRow)
}
