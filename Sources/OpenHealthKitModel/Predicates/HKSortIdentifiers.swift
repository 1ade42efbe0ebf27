import Foundation

// Keys for the `NSSortDescriptor`s of sample queries.

/// Sorts samples by start date.
public let HKSampleSortIdentifierStartDate = "HKSampleSortIdentifierStartDate"
/// Sorts samples by end date.
public let HKSampleSortIdentifierEndDate = "HKSampleSortIdentifierEndDate"
/// Sorts workouts by duration.
public let HKWorkoutSortIdentifierDuration = "HKWorkoutSortIdentifierDuration"
/// Sorts workouts by total distance.
public let HKWorkoutSortIdentifierTotalDistance = "HKWorkoutSortIdentifierTotalDistance"
/// Sorts workouts by total energy burned.
public let HKWorkoutSortIdentifierTotalEnergyBurned = "HKWorkoutSortIdentifierTotalEnergyBurned"
/// Sorts workouts by total swimming stroke count.
public let HKWorkoutSortIdentifierTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"
/// Sorts workouts by total flights climbed.
public let HKWorkoutSortIdentifierTotalFlightsClimbed = "totalFlightsClimbed"
