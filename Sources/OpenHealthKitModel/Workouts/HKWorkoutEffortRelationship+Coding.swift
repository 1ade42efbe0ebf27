public import Foundation

extension HKWorkoutEffortRelationship: NSSecureCoding {
    /// Relationships are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the workout, the activity and the effort samples.
    public func encode(with coder: NSCoder) {
        coder.encode(workout, forKey: "workout")
        coder.encodeIfPresent(activity, forKey: "activity")
        coder.encode(samples.map { $0 as NSArray }, forKey: "samples")
    }

    /// Unarchives a relationship; nil without its workout.
    public convenience init?(coder: NSCoder) {
        guard let workout = coder.decodeIfPresent(HKWorkout.self, forKey: "workout") else { return nil }
        self.init(
            workout: workout, activity: coder.decodeIfPresent(HKWorkoutActivity.self, forKey: "activity"),
            samples: coder.decodeArray(of: HKSample.self, forKey: "samples"))
    }
}
