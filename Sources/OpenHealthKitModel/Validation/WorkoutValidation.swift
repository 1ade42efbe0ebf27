import Foundation

/// The checks on a workout: its events, and every duration, total and statistic it carries, bounded (a duration by
/// the span of sample dates, a value as a sample's quantity) wherever the workout comes from.
package enum WorkoutValidation {
    private static let energy = HKUnit(from: "kcal")
    private static let length = HKUnit(from: "m")

    package static func validate(_ workout: HKWorkout) throws(HKError) {
        try validateEvents(workout.workoutEvents ?? [], start: workout.startDate, end: workout.endDate)
        try validateDuration(workout.duration, label: "Workout duration")
        let totals: [(String, HKQuantity?, HKUnit)] = [
            ("totalEnergyBurned", workout.totalEnergyBurned, energy),
            ("totalDistance", workout.totalDistance, length),
            ("totalSwimmingStrokeCount", workout.totalSwimmingStrokeCount, .count()),
            ("totalFlightsClimbed", workout.totalFlightsClimbed, .count()),
        ]
        for (label, total, unit) in totals {
            if let total { try QuantityValidation.validate(total, compatibleWith: unit, label: label) }
        }
        try validateStatistics(workout.allStatistics)
        for activity in workout.workoutActivities {
            try WorkoutActivityValidation.validate(
                start: activity.startDate, end: activity.endDate, metadata: activity.metadata)
            try validateDuration(activity.duration, label: "A workout activity's duration")
            if let lapLength = activity.workoutConfiguration.lapLength {
                try QuantityValidation.validate(lapLength, compatibleWith: length, label: "lapLength")
            }
            for event in activity.workoutEvents {
                try SampleValidation.validateDates(start: event.dateInterval.start, end: event.dateInterval.end)
            }
            try validateStatistics(activity.allStatistics)
        }
    }

    /// A duration in seconds is finite, not negative and at most ``SampleValidation/longestInterval``, as no
    /// workout lasts longer than the span of its dates; `label` names it.
    private static func validateDuration(_ duration: TimeInterval, label: String) throws(HKError) {
        guard duration.isFinite, duration >= 0, duration <= SampleValidation.longestInterval else {
            throw .invalidArgument(
                "\(label) must be a finite number of seconds from 0 to \(SampleValidation.longestInterval) (the span of years 1 to 4001), got \(duration)"
            )
        }
    }

    /// Statistics cover spans within years 1 to 4001, as every date the store takes, and their values are bounded
    /// as a sample's quantity of their type is.
    private static func validateStatistics(_ statistics: [HKQuantityType: HKStatistics]) throws(HKError) {
        for item in statistics.values {
            try SampleValidation.validateDates(start: item.startDate, end: item.endDate)
            let values = [
                item.sumQuantity(), item.averageQuantity(), item.minimumQuantity(), item.maximumQuantity(),
                item.mostRecentQuantity(),
            ]
            for case let value? in values {
                try QuantityValidation.validate(
                    value, compatibleWith: item.quantityType.canonicalUnit, label: item.quantityType.identifier)
            }
            if let duration = item.duration() {
                try validateDuration(duration.doubleValue(for: .second()), label: "A workout statistic's duration")
            }
        }
    }

    /// Events (in ascending order) lie inside the workout and the first is not a resume: workouts begin running.
    private static func validateEvents(_ events: [HKWorkoutEvent], start: Date, end: Date) throws(HKError) {
        if events.first?.type == .resume {
            throw .invalidArgument("First event cannot be resume, workouts begin in the running state")
        }
        for event in events {
            guard event.dateInterval.start >= start, event.dateInterval.end <= end else {
                throw .invalidArgument("Workout event (\(event)) did not occur during this workout")
            }
            try MetadataValidation.validate(event.metadata)
        }
    }
}
