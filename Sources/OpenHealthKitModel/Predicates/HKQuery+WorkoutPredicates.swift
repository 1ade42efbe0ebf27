public import Foundation

extension HKQuery {
    /// A predicate that matches workouts of `workoutActivityType`.
    public class func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        HKQueryPredicate(.workoutActivityType(workoutActivityType.rawValue))
    }

    /// A predicate that matches workouts whose duration (in seconds) compares with `duration` as `operatorType` says.
    ///
    /// `operatorType` must be a comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`); others raise `NSInvalidArgumentException`.
    public class func predicateForWorkouts(
        with operatorType: _HKPredicateOperatorType, duration: TimeInterval
    ) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            .workoutDuration(comparison: try ComparisonOperator(operatorType), duration: duration)
        }
    }

    /// A predicate that matches workouts whose total energy burned compares with `totalEnergyBurned` (an energy).
    @available(
        *, deprecated,
        message:
            "Use predicateForWorkouts(operatorType:quantityType:sumQuantity:) passing the HKQuantityType for HKQuantityTypeIdentifierActiveEnergyBurned"
    )
    public class func predicateForWorkouts(
        with operatorType: _HKPredicateOperatorType, totalEnergyBurned: HKQuantity
    ) -> NSPredicate {
        predicateForWorkouts(.totalEnergyBurned, operatorType, totalEnergyBurned)
    }

    /// A predicate that matches workouts whose total distance compares with `totalDistance` (a length).
    public class func predicateForWorkouts(
        with operatorType: _HKPredicateOperatorType, totalDistance: HKQuantity
    ) -> NSPredicate {
        predicateForWorkouts(.totalDistance, operatorType, totalDistance)
    }

    /// A predicate that matches workouts whose total swimming stroke count compares with `totalSwimmingStrokeCount`.
    @available(
        *, deprecated,
        message:
            "Use predicateForWorkouts(operatorType:quantityType:sumQuantity:) passing the HKQuantityType for HKQuantityTypeIdentifierSwimmingStrokeCount"
    )
    public class func predicateForWorkouts(
        with operatorType: _HKPredicateOperatorType, totalSwimmingStrokeCount: HKQuantity
    ) -> NSPredicate {
        predicateForWorkouts(.totalSwimmingStrokeCount, operatorType, totalSwimmingStrokeCount)
    }

    /// A predicate that matches workouts whose total flights climbed compares with `totalFlightsClimbed`.
    @available(
        *, deprecated,
        message:
            "Use predicateForWorkouts(operatorType:quantityType:sumQuantity:) passing the HKQuantityType for HKQuantityTypeIdentifierFlightsClimbed"
    )
    public class func predicateForWorkouts(
        with operatorType: _HKPredicateOperatorType, totalFlightsClimbed: HKQuantity
    ) -> NSPredicate {
        predicateForWorkouts(.totalFlightsClimbed, operatorType, totalFlightsClimbed)
    }

    private class func predicateForWorkouts(
        _ total: WorkoutTotal, _ operatorType: _HKPredicateOperatorType, _ quantity: HKQuantity
    ) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            .workoutTotal(total, comparison: try ComparisonOperator(operatorType), quantity: quantity)
        }
    }
}
