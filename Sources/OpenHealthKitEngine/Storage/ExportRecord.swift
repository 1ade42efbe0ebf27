import Foundation

/// A stored sample with everything that belongs to it. The details of its kind (an audiogram's points, a series'
/// summary) are in ``SampleRow/detail``; the bulk points the exporters write are read beside it.
package struct ExportRecord: Sendable {
    package var sample: SampleRow
    /// A correlation's samples or a workout's routes, each with its own children, by start date.
    package var members: [ExportRecord] = []
    /// A heart rate variability sample's beats, in order.
    package var heartbeats: [HeartbeatRow] = []
    /// An electrocardiogram's leads with their voltages (its summary is ``SampleRow/detail``).
    package var electrocardiogramLeads: [ElectrocardiogramLeadRow] = []
    /// The type identifiers of the symptom samples associated with an electrocardiogram, sorted.
    package var electrocardiogramSymptoms: [String] = []
    /// A heartbeat series' beats, as written (its count is ``SampleRow/detail``).
    package var heartbeatSeriesBeats: [HeartbeatSeriesBeatRow] = []
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
