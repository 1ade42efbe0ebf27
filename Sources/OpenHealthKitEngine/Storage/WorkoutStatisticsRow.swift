package import Foundation

/// A workout's (or one of its activities') statistics for one quantity type, in the exported unit.
package struct WorkoutStatisticsRow: Sendable, Equatable {
    package var workoutUUID: UUID
    /// The activity the statistics belong to; nil for the whole workout.
    package var activityUUID: UUID?
    package var typeIdentifier: String
    package var startDate: Double?
    package var endDate: Double?
    package var average: Double?
    package var minimum: Double?
    package var maximum: Double?
    package var sum: Double?
    package var unit: String?

    package init(
        workoutUUID: UUID, activityUUID: UUID?, typeIdentifier: String, startDate: Double?, endDate: Double?,
        average: Double?, minimum: Double?, maximum: Double?, sum: Double?, unit: String?
    ) {
        self.workoutUUID = workoutUUID
        self.activityUUID = activityUUID
        self.typeIdentifier = typeIdentifier
        self.startDate = startDate
        self.endDate = endDate
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.sum = sum
        self.unit = unit
    }
}
