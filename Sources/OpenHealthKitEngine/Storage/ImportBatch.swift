package import Foundation

/// One transaction's worth of what a Health export import stores: sample rows (with their original sources and their
/// kinds' details: audiogram points, electrocardiograms; clinical records, documents and prescriptions are samples with
/// their ``SampleDetail`` too) and the records that HealthKit objects do not cover yet (heartbeats, route locations,
/// workout statistics and activities, activity summaries, and records of types the catalog does not know).
///
/// Children refer to their parent sample by UUID; a parent and its children always travel in the same batch.
package struct ImportBatch: Sendable {
    package var samples: [SampleRow] = []
    package var heartbeats: [HeartbeatRow] = []
    package var locations: [RouteLocationRow] = []
    package var workoutStatistics: [WorkoutStatisticsRow] = []
    package var workoutActivities: [WorkoutActivityRow] = []
    package var activitySummaries: [ActivitySummaryRow] = []
    package var unrecognized: [UnrecognizedRecordRow] = []

    package init() {}

    /// How many rows of any kind the batch holds.
    package var rowCount: Int {
        samples.count + heartbeats.count + locations.count + workoutStatistics.count
            + workoutActivities.count + activitySummaries.count + unrecognized.count
    }
}

extension ImportBatch {
    /// The UUIDs that rows of the batch point at: correlations and workouts of members and routes, and the parents
    /// of children. A storage remembers the row ids of only these while writing.
    package var referencedParents: Set<UUID> {
        var parents = Set(samples.compactMap(\.correlationUUID))
        parents.formUnion(heartbeats.map(\.sampleUUID))
        parents.formUnion(locations.map(\.routeUUID))
        parents.formUnion(workoutStatistics.map(\.workoutUUID))
        parents.formUnion(workoutActivities.map(\.workoutUUID))
        return parents
    }
}
