public import Foundation

/// What a workout session tells its delegate: its state changes with their dates, its failures, the events it
/// generates (pauses, resumes) and the activities it begins and ends. Calls come on a queue of the session's, in the
/// order things happened.
///
/// Only the first two are required, as in HealthKit; the others have empty default implementations.
public protocol HKWorkoutSessionDelegate: NSObjectProtocol {
    /// The session moved from `fromState` to `toState` at `date`.
    func workoutSession(
        _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
        from fromState: HKWorkoutSessionState, date: Date)
    /// The session could not do what it was asked (a transition its state does not allow: `errorInvalidArgument`),
    /// or another session of the process started and ended this one (`errorAnotherWorkoutSessionStarted`).
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
    /// The session generated an event: a pause or a resume.
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
    /// The session began an activity of `workoutConfiguration` at `date`.
    func workoutSession(
        _ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
        date: Date)
    /// The session ended its activity of `workoutConfiguration` at `date`.
    func workoutSession(
        _ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date
    )
    /// Data came from the session mirrored on another device. Never called here: there is no other device
    /// (docs/decisions/0017-leave-out-what-cannot-exist-off-a-device.md).
    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data])
    /// The mirrored session on another device disconnected. Never called here: there is no other device.
    func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?)
}

extension HKWorkoutSessionDelegate {
    /// Does nothing: optional in HealthKit.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {}
    /// Does nothing: optional in HealthKit.
    public func workoutSession(
        _ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
        date: Date
    ) {}
    /// Does nothing: optional in HealthKit.
    public func workoutSession(
        _ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date
    ) {}
    /// Does nothing: optional in HealthKit.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data])
    {}
    /// Does nothing: optional in HealthKit.
    public func workoutSession(
        _ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: (any Error)?
    ) {}
}
