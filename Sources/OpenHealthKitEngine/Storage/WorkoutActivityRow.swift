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
    /// The activity's configuration: its `HKWorkoutActivityType` raw value (nil: the workout's, as exports leave it),
    /// `HKWorkoutSessionLocationType` and `HKWorkoutSwimmingLocationType` raw values and lap length in metres.
    package var activityType: UInt?
    package var locationType: Int?
    package var swimmingLocationType: Int?
    package var lapLength: Double?

    package init(
        workoutUUID: UUID, uuid: UUID, startDate: Double, endDate: Double?, duration: Double?, metadata: String?,
        events: String?, activityType: UInt? = nil, locationType: Int? = nil, swimmingLocationType: Int? = nil,
        lapLength: Double? = nil
    ) {
        self.workoutUUID = workoutUUID
        self.uuid = uuid
        self.startDate = startDate
        self.endDate = endDate
        self.duration = duration
        self.metadata = metadata
        self.events = events
        self.activityType = activityType
        self.locationType = locationType
        self.swimmingLocationType = swimmingLocationType
        self.lapLength = lapLength
    }
}
