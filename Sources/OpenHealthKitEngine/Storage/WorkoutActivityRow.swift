package import Foundation

/// One activity of a multi-activity workout (`WorkoutActivity`).
package struct WorkoutActivityRow: Sendable, Equatable {
    package var workoutUUID: UUID
    /// The activity's own UUID, as exported.
    package var uuid: UUID
    package var startDate: Double
    package var endDate: Double?
    /// Seconds.
    package var duration: Double?
    /// Metadata as JSON (see `MetadataCoding`).
    package var metadata: String?
    /// Events as JSON (see `WorkoutEventCoding`).
    package var events: String?

    package init(
        workoutUUID: UUID, uuid: UUID, startDate: Double, endDate: Double?, duration: Double?, metadata: String?,
        events: String?
    ) {
        self.workoutUUID = workoutUUID
        self.uuid = uuid
        self.startDate = startDate
        self.endDate = endDate
        self.duration = duration
        self.metadata = metadata
        self.events = events
    }
}
