public import Foundation

/// Predicates on workouts' activities and statistics. Activity predicates select workouts with a matching activity:
/// combine them into one with `NSCompoundPredicate` and pass it to ``HKQuery/predicateForWorkouts(activityPredicate:)``
/// so that every part holds for the same activity.
extension HKQuery {
    /// A predicate that matches workout activities of `workoutActivityType`.
    public class func predicateForWorkoutActivities(workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        HKQueryPredicate(.activityType(workoutActivityType.rawValue))
    }

    /// A predicate that matches workout activities whose active time (seconds) compares with `duration`.
    ///
    /// `operatorType` must be a comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`); others raise `NSInvalidArgumentException`.
    public class func predicateForWorkoutActivities(operatorType: _HKPredicateOperatorType, duration: TimeInterval)
        -> NSPredicate
    {
        HKQueryPredicate { () throws(HKError) in
            .activityDuration(comparison: try ComparisonOperator(operatorType), duration: duration)
        }
    }

    /// A predicate that matches workout activities between two dates, with the same rules as
    /// ``HKQuery/predicateForSamples(withStart:end:options:)``.
    public class func predicateForWorkoutActivities(
        start startDate: Date?, end endDate: Date?, options: HKQueryOptions = []
    )
        -> NSPredicate
    {
        HKQueryPredicate(.activityDates(SampleDateRange(start: startDate, end: endDate, options: options)))
    }

    /// A predicate that matches workout activities whose sum of `quantityType` compares with `sumQuantity`.
    public class func predicateForWorkoutActivities(
        operatorType: _HKPredicateOperatorType, quantityType: HKQuantityType, sumQuantity: HKQuantity
    ) -> NSPredicate {
        statisticPredicate(.sum, operatorType, quantityType, sumQuantity, ofActivity: true)
    }

    /// A predicate that matches workout activities whose minimum of `quantityType` compares with `minimumQuantity`.
    public class func predicateForWorkoutActivities(
        operatorType: _HKPredicateOperatorType, quantityType: HKQuantityType, minimumQuantity: HKQuantity
    ) -> NSPredicate {
        statisticPredicate(.minimum, operatorType, quantityType, minimumQuantity, ofActivity: true)
    }

    /// A predicate that matches workout activities whose maximum of `quantityType` compares with `maximumQuantity`.
    public class func predicateForWorkoutActivities(
        operatorType: _HKPredicateOperatorType, quantityType: HKQuantityType, maximumQuantity: HKQuantity
    ) -> NSPredicate {
        statisticPredicate(.maximum, operatorType, quantityType, maximumQuantity, ofActivity: true)
    }

    /// A predicate that matches workout activities whose average of `quantityType` compares with `averageQuantity`.
    public class func predicateForWorkoutActivities(
        operatorType: _HKPredicateOperatorType, quantityType: HKQuantityType, averageQuantity: HKQuantity
    ) -> NSPredicate {
        statisticPredicate(.average, operatorType, quantityType, averageQuantity, ofActivity: true)
    }

    /// A predicate that matches workouts with an activity matching `activityPredicate` (built from the
    /// `predicateForWorkoutActivities` predicates); any other kind of predicate raises `NSInvalidArgumentException`.
    public class func predicateForWorkouts(activityPredicate: NSPredicate) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            let tree = try PredicateCondition.tree(from: activityPredicate)
            guard tree.holdsOnlyWorkoutActivityConditions else {
                throw .invalidArgument("activityPredicate must be built from predicateForWorkoutActivities predicates")
            }
            return .workoutActivities(tree)
        }
    }

    /// A predicate that matches workouts whose sum of `quantityType` compares with `sumQuantity`.
    public class func predicateForWorkouts(
        operatorType: _HKPredicateOperatorType, quantityType: HKQuantityType, sumQuantity: HKQuantity
    ) -> NSPredicate {
        statisticPredicate(.sum, operatorType, quantityType, sumQuantity, ofActivity: false)
    }

    /// A predicate that matches workouts whose minimum of `quantityType` compares with `minimumQuantity`.
    public class func predicateForWorkouts(
        operatorType: _HKPredicateOperatorType, quantityType: HKQuantityType, minimumQuantity: HKQuantity
    ) -> NSPredicate {
        statisticPredicate(.minimum, operatorType, quantityType, minimumQuantity, ofActivity: false)
    }

    /// A predicate that matches workouts whose maximum of `quantityType` compares with `maximumQuantity`.
    public class func predicateForWorkouts(
        operatorType: _HKPredicateOperatorType, quantityType: HKQuantityType, maximumQuantity: HKQuantity
    ) -> NSPredicate {
        statisticPredicate(.maximum, operatorType, quantityType, maximumQuantity, ofActivity: false)
    }

    /// A predicate that matches workouts whose average of `quantityType` compares with `averageQuantity`.
    public class func predicateForWorkouts(
        operatorType: _HKPredicateOperatorType, quantityType: HKQuantityType, averageQuantity: HKQuantity
    ) -> NSPredicate {
        statisticPredicate(.average, operatorType, quantityType, averageQuantity, ofActivity: false)
    }

    /// A predicate that matches the effort samples related to `workout`, and to `activity` (nil: to the workout as a
    /// whole).
    public class func predicateForWorkoutEffortSamplesRelated(workout: HKWorkout, activity: HKWorkoutActivity?)
        -> NSPredicate
    {
        HKQueryPredicate(.effortRelated(workout: workout.uuid, activity: activity?.uuid))
    }

    /// A statistic comparison; an operator that does not compare or a quantity of another dimension than the type's
    /// raises `NSInvalidArgumentException`.
    private class func statisticPredicate(
        _ statistic: WorkoutStatistic, _ operatorType: _HKPredicateOperatorType, _ type: HKQuantityType,
        _ quantity: HKQuantity, ofActivity: Bool
    ) -> NSPredicate {
        HKQueryPredicate { () throws(HKError) in
            let comparison = try ComparisonOperator(operatorType)
            try QuantityValidation.validate(quantity, for: type)
            return .workoutStatistic(
                statistic, type: type.identifier, comparison: comparison, quantity: quantity, ofActivity: ofActivity)
        }
    }
}

extension PredicateTree {
    /// Whether every condition of the tree is about workout activities.
    package var holdsOnlyWorkoutActivityConditions: Bool {
        switch self {
        case .and(let trees), .or(let trees): return trees.allSatisfy(\.holdsOnlyWorkoutActivityConditions)
        case .not(let tree): return tree.holdsOnlyWorkoutActivityConditions
        case .all, .none: return true
        case .leaf(let condition): return condition.isActivityCondition
        }
    }
}
