public import Foundation

/// What a live workout builder tells its delegate: the types of the samples it collected (its statistics for them
/// changed), the events it collected, and the activities its session began and ended. Calls come on the builder's
/// queue, in order.
///
/// The first two are required, as in HealthKit; the activity calls have empty default implementations.
public protocol HKLiveWorkoutBuilderDelegate: NSObjectProtocol {
    /// The builder added samples of `collectedTypes`: read ``HKWorkoutBuilder/statistics(for:)`` again.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    /// The builder added an event (``HKWorkoutBuilder/workoutEvents``).
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
    /// The session began `workoutActivity`.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity)
    /// The session ended `workoutActivity`.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity)
}

extension HKLiveWorkoutBuilderDelegate {
    /// Does nothing: optional in HealthKit.
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {}
    /// Does nothing: optional in HealthKit.
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity) {}
}
