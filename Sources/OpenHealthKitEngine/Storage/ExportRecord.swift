import Foundation

/// A stored sample with everything that belongs to it.
package struct ExportRecord: Sendable {
    package var sample: SampleRow
    /// A correlation's samples or a workout's routes, each with its own children, by start date.
    package var members: [ExportRecord] = []
    /// A heart rate variability sample's beats, in order.
    package var heartbeats: [HeartbeatRow] = []
    /// An audiogram's points, in order.
    package var audiogramPoints: [AudiogramPointRow] = []
    /// A workout's statistics (its own and its activities'), in the order they were stored.
    package var workoutStatistics: [WorkoutStatisticsRow] = []
    /// A workout's activities, in the order they were stored.
    package var workoutActivities: [WorkoutActivityRow] = []
    /// A route's locations, by time.
    package var locations: [RouteLocationRow] = []

    package init(sample: SampleRow) {
        self.sample = sample
    }
}
