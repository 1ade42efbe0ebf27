/// Whether a workout session runs on this device or mirrors one on another, with HealthKit's raw values.
///
/// Every session OpenHealthKit creates is `primary`: there is no companion device to mirror one from
/// (docs/decisions/0017-leave-out-what-cannot-exist-off-a-device.md).
public enum HKWorkoutSessionType: Int, Sendable, CaseIterable {
    /// The session runs on this device.
    case primary = 0
    /// The session mirrors a session running on another device.
    case mirrored = 1
}
