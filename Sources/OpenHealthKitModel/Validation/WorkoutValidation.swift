import Foundation

/// The checks on a workout: its events, its duration and the units of its totals.
package enum WorkoutValidation {
    private static let energy = HKUnit(from: "kcal")
    private static let length = HKUnit(from: "m")

    package static func validate(_ workout: HKWorkout) throws(HKError) {
        try validateEvents(workout.workoutEvents ?? [], start: workout.startDate, end: workout.endDate)
        guard workout.duration.isFinite, workout.duration >= 0 else {
            throw .invalidArgument("Workout duration must be a finite number of seconds ≥ 0, got \(workout.duration)")
        }
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
            for event in activity.workoutEvents {
                try SampleValidation.validateDates(start: event.dateInterval.start, end: event.dateInterval.end)
            }
            try validateStatistics(activity.allStatistics)
        }
    }

    /// Statistics cover spans within years 1 to 4001, as every date the store takes.
    private static func validateStatistics(_ statistics: [HKQuantityType: HKStatistics]) throws(HKError) {
        for item in statistics.values {
            try SampleValidation.validateDates(start: item.startDate, end: item.endDate)
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
