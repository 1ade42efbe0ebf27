package import Foundation

/// The effort samples related to a workout, or to one of its activities, and the anchor of the latest change to
/// them (``WorkoutStorage/effortRelations(after:limit:)``).
package struct EffortRelationRow: Sendable, Equatable {
    package var workoutUUID: UUID
    /// The activity of the workout; nil for the workout as a whole.
    package var activityUUID: UUID?
    /// The related samples, in the order they were related (empty when the last one was unrelated).
    package var sampleUUIDs: [UUID]
    /// The anchor of the latest relate or unrelate of this workout and activity.
    package var anchor: Int64

    package init(workoutUUID: UUID, activityUUID: UUID?, sampleUUIDs: [UUID], anchor: Int64) {
        self.workoutUUID = workoutUUID
        self.activityUUID = activityUUID
        self.sampleUUIDs = sampleUUIDs
        self.anchor = anchor
    }
}
