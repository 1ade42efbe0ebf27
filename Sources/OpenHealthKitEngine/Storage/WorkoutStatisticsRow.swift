package import Foundation
import OpenHealthKitModel

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

extension WorkoutStatisticsRow {
    /// What a value in ``unit`` is multiplied by to be in the type's canonical unit, which a storage keeps beside the
    /// row so that the workout statistic predicates compare in SQL; nil when the type or unit is unknown, the unit does
    /// not fit the type, or the conversion is not a plain factor (a temperature scale with an offset).
    package var canonicalFactor: Double? {
        guard let unitString = unit, let unit = try? HKUnit(parsing: unitString),
            let type = HKObjectType.type(forRawIdentifier: typeIdentifier) as? HKQuantityType,
            unit.convert(0, to: type.canonicalUnit) == 0, let factor = unit.convert(1, to: type.canonicalUnit)
        else { return nil }
        return factor
    }
}
