public import Foundation
import OpenHealthKitEngine

/// A workout in progress on this device, with HealthKit's state machine:
///
/// | call | from | to |
/// |---|---|---|
/// | `prepare()` | notStarted | prepared |
/// | `startActivity(with:)` | notStarted, prepared | running (the start date is the date given, else now) |
/// | `pause()` | running | paused (a `pause` event) |
/// | `resume()` | paused | running (a `resume` event) |
/// | `stopActivity(with:)` | running, paused | stopped (the end date is the date given, else now) |
/// | `end()` | notStarted, prepared, stopped | ended |
/// | `end()` | running, paused | stopped, then ended |
///
/// Any other call fails: the delegate hears `workoutSession(_:didFailWithError:)` with `errorInvalidArgument` and the
/// state does not change. A stopped or ended session cannot be restarted. Every call returns at once; the work and
/// the delegate's calls happen in order on a queue of the session's, as in HealthKit.
///
/// An app runs one session at a time on a store, as a watch runs one: when another session of the app on the same
/// store's data is prepared or started, this one fails with `errorAnotherWorkoutSessionStarted` and ends.
/// ``HKHealthStore``'s `recoverActiveWorkoutSession(completion:)` returns the session that is running.
///
/// Activities: the session's own activity runs from its start; ``beginNewActivity(configuration:date:metadata:)``
/// and ``endCurrentActivity(on:)`` record the legs of a multisport workout (beginning one ends the one in progress).
/// The ``associatedWorkoutBuilder()`` collects the session's events and activities.
open class HKWorkoutSession: NSObject, @unchecked Sendable {
    private struct State {
        var state = HKWorkoutSessionState.notStarted
        var startDate: Date?
        var endDate: Date?
        var delegate: WeakReference<any HKWorkoutSessionDelegate> = WeakReference(nil)
        /// The activity begun with `beginNewActivity` that is in progress.
        var activity: HKWorkoutActivity?
        var mainActivityUUID = UUID()
    }

    private let current = Locked(State())
    private let queue = DispatchQueue(label: "OpenHealthKit.HKWorkoutSession")
    private let healthStore: HKHealthStore
    private let builder = Locked<HKLiveWorkoutBuilder?>(nil)

    /// What the session records (a copy of the configuration it was created with).
    public let workoutConfiguration: HKWorkoutConfiguration

    /// A session of `workoutConfiguration` on `healthStore`. Throws `errorInvalidArgument` for a configuration a
    /// session cannot record: a swimming workout without a pool or open water location, a lap length outside a pool.
    public init(healthStore: HKHealthStore, configuration workoutConfiguration: HKWorkoutConfiguration) throws {
        let configuration = workoutConfiguration.copy() as! HKWorkoutConfiguration
        if configuration.activityType == .swimming, configuration.swimmingLocationType == .unknown {
            throw HKError.invalidArgument("A swimming workout session needs a pool or open water swimming location")
        }
        if configuration.lapLength != nil, configuration.swimmingLocationType != .pool {
            throw HKError.invalidArgument("A lap length applies to pool swimming only")
        }
        self.healthStore = healthStore
        self.workoutConfiguration = configuration
        super.init()
    }

    /// The configuration's activity type.
    @available(*, deprecated, message: "Use workoutConfiguration")
    public var activityType: HKWorkoutActivityType { workoutConfiguration.activityType }
    /// The configuration's location type.
    @available(*, deprecated, message: "Use workoutConfiguration")
    public var locationType: HKWorkoutSessionLocationType { workoutConfiguration.locationType }

    /// The session's delegate (held weakly).
    public weak var delegate: (any HKWorkoutSessionDelegate)? {
        get { current.withLock { $0.delegate.object } }
        set { current.withLock { $0.delegate = WeakReference(newValue) } }
    }

    /// Where the session is in its life.
    public var state: HKWorkoutSessionState { current.withLock { $0.state } }
    /// Always `primary`: sessions are never mirrored from another device here.
    public var type: HKWorkoutSessionType { .primary }
    /// When the session started running; nil before.
    public var startDate: Date? { current.withLock { $0.startDate } }
    /// When the session stopped; nil before.
    public var endDate: Date? { current.withLock { $0.endDate } }

    /// The activity in progress: one begun with ``beginNewActivity(configuration:date:metadata:)``, else the
    /// session's own (its configuration, from its start).
    public var currentActivity: HKWorkoutActivity {
        current.withLock { state in
            state.activity
                ?? HKWorkoutActivity(
                    uuid: state.mainActivityUUID, configuration: workoutConfiguration,
                    start: state.startDate ?? Date(), end: state.endDate, metadata: nil, duration: nil, events: [],
                    statistics: [:])
        }
    }

    /// The session's live builder: the same object every time.
    open func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        builder.withLock { builder in
            if let builder { return builder }
            let made = HKLiveWorkoutBuilder(session: self, healthStore: healthStore)
            builder = made
            return made
        }
    }

    // MARK: Transitions

    /// Gets ready to run: `prepared`.
    open func prepare() {
        perform("prepare", from: [.notStarted]) { [self] now in
            ActiveWorkoutSessions.begin(self, in: healthStore.workoutSessionScope)
            change(to: .prepared, at: now)
        }
    }

    /// Starts running at `date` (nil: now).
    open func startActivity(with date: Date?) {
        perform("start", from: [.notStarted, .prepared]) { [self] now in
            ActiveWorkoutSessions.begin(self, in: healthStore.workoutSessionScope)
            let start = date ?? now
            current.withLock { $0.startDate = start }
            change(to: .running, at: start)
        }
    }

    /// Pauses: `paused`, and a `pause` event.
    open func pause() {
        perform("pause", from: [.running]) { [self] now in
            change(to: .paused, at: now)
            generate(.pause, at: now)
        }
    }

    /// Resumes: `running`, and a `resume` event.
    open func resume() {
        perform("resume", from: [.paused]) { [self] now in
            change(to: .running, at: now)
            generate(.resume, at: now)
        }
    }

    /// Stops running at `date` (nil: now; not before the start): `stopped`, ending the activity in progress.
    open func stopActivity(with date: Date?) {
        perform("stop", from: [.running, .paused]) { [self] now in
            let start = current.withLock { $0.startDate } ?? now
            stop(at: max(start, date ?? now))
        }
    }

    /// Ends the session: `ended` (through `stopped` when it runs or is paused). It cannot be used again.
    open func end() {
        perform("end", from: [.notStarted, .prepared, .running, .paused, .stopped]) { [self] now in
            if [.running, .paused].contains(current.withLock({ $0.state })) { stop(at: now) }
            change(to: .ended, at: now)
            ActiveWorkoutSessions.end(self, in: healthStore.workoutSessionScope)
        }
    }

    /// Begins an activity of `workoutConfiguration` at `date` (ending the one in progress); the session must run.
    open func beginNewActivity(
        configuration workoutConfiguration: HKWorkoutConfiguration, date: Date, metadata: [String: Any]?
    ) {
        nonisolated(unsafe) let metadata = metadata
        perform("begin an activity", from: [.running, .paused]) { [self] _ in
            try WorkoutActivityValidation.validate(start: date, end: nil, metadata: metadata)
            endActivity(at: date)
            let activity = HKWorkoutActivity(
                uuid: UUID(), configuration: workoutConfiguration, start: date, end: nil, metadata: metadata,
                duration: nil, events: [], statistics: [:])
            current.withLock { $0.activity = activity }
            delegate?.workoutSession(self, didBeginActivityWith: activity.workoutConfiguration, date: date)
            builder.withLock { $0 }?.sessionBegan(activity)
        }
    }

    /// Ends the activity begun with ``beginNewActivity(configuration:date:metadata:)`` at `date`.
    open func endCurrentActivity(on date: Date) {
        perform("end the current activity", from: [.running, .paused, .stopped]) { [self] _ in
            guard current.withLock({ $0.activity }) != nil else {
                throw HKError.invalidArgument("The workout session has no activity in progress")
            }
            endActivity(at: date)
        }
    }

    /// Another session of the process started: this one fails and ends.
    func supersede() {
        queue.async { [self] in
            guard current.withLock({ $0.state }) != .ended else { return }
            delegate?.workoutSession(
                self,
                didFailWithError: HKError(.errorAnotherWorkoutSessionStarted, "Another workout session started"))
            let now = Date()
            if [.running, .paused].contains(current.withLock({ $0.state })) { stop(at: now) }
            change(to: .ended, at: now)
        }
    }

    // MARK: The work, on the session's queue

    /// Runs a transition if the state allows it, else reports the failure to the delegate.
    private func perform(
        _ action: String, from allowed: Set<HKWorkoutSessionState>, _ work: @escaping @Sendable (Date) throws -> Void
    ) {
        queue.async { [self] in
            let current = current.withLock { $0.state }
            do {
                guard allowed.contains(current) else {
                    throw HKError.invalidArgument("A workout session cannot \(action) in the \(current) state")
                }
                try work(Date())
            } catch {
                delegate?.workoutSession(self, didFailWithError: HKError(wrapping: error))
            }
        }
    }

    private func change(to new: HKWorkoutSessionState, at date: Date) {
        let old = current.withLock { state -> HKWorkoutSessionState in
            defer { state.state = new }
            return state.state
        }
        delegate?.workoutSession(self, didChangeTo: new, from: old, date: date)
    }

    private func stop(at date: Date) {
        endActivity(at: date)
        current.withLock { $0.endDate = date }
        change(to: .stopped, at: date)
    }

    private func generate(_ type: HKWorkoutEventType, at date: Date) {
        let event = HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
        delegate?.workoutSession(self, didGenerate: event)
        builder.withLock { $0 }?.sessionGenerated(event)
    }

    /// Ends the activity begun with `beginNewActivity`, if one is in progress.
    private func endActivity(at date: Date) {
        guard
            let activity = current.withLock({ state -> HKWorkoutActivity? in
                defer { state.activity = nil }
                return state.activity
            })
        else { return }
        delegate?.workoutSession(self, didEndActivityWith: activity.workoutConfiguration, date: date)
        builder.withLock { $0 }?.sessionEndedActivity(activity.uuid, at: date)
    }
}
