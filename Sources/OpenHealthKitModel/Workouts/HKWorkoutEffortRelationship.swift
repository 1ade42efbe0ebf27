public import Foundation

/// A workout (or one of its activities) and the effort samples related to it: workout effort scores the user gave
/// and estimated ones (`HKHealthStore.relateWorkoutEffortSample(_:with:activity:completion:)`).
public final class HKWorkoutEffortRelationship: NSObject, NSCopying, @unchecked Sendable {
    /// The workout the samples rate.
    public let workout: HKWorkout
    /// The activity of the workout the samples rate; nil when they rate the whole workout.
    public let activity: HKWorkoutActivity?
    /// The related effort samples, latest first; nil when none is left.
    public let samples: [HKSample]?

    package init(workout: HKWorkout, activity: HKWorkoutActivity?, samples: [HKSample]?) {
        self.workout = workout
        self.activity = activity
        self.samples = samples
        super.init()
    }

    /// The same relationship (relationships are immutable).
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// The workout, activity and number of samples, for debugging.
    public override var description: String {
        "<HKWorkoutEffortRelationship workout:\(workout.uuid) activity:\(activity.map { "\($0.uuid)" } ?? "none") "
            + "samples:\(samples?.count ?? 0)>"
    }
}
