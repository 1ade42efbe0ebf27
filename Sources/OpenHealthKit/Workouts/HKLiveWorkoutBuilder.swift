public import Foundation
import OpenHealthKitEngine

/// The builder of a workout session (``HKWorkoutSession/associatedWorkoutBuilder()``): a workout builder that also
/// collects what the session generates — its pause and resume events (unless ``shouldCollectWorkoutEvents`` is
/// false), its activities — and, through its ``dataSource``, the samples other sources save while it collects.
///
/// Its delegate hears each collection (`didCollectDataOf`, `workoutBuilderDidCollectEvent`) and each activity the
/// session begins or ends, on the builder's queue. ``elapsedTime`` is the active time so far, without the pauses. A
/// workout finished from a session that never began an activity of its own holds one activity of the session's
/// configuration, spanning the workout, as Apple Watch records them.
open class HKLiveWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
    private struct Live {
        var delegate: WeakReference<any HKLiveWorkoutBuilderDelegate> = WeakReference(nil)
        var dataSource: HKLiveWorkoutDataSource?
        var shouldCollectWorkoutEvents = true
        /// The session's activity in progress, as the builder recorded it.
        var currentActivity: HKWorkoutActivity?
    }

    private let live = Locked(Live())
    private let session: WeakReference<HKWorkoutSession>

    init(session: HKWorkoutSession, healthStore: HKHealthStore) {
        self.session = WeakReference(session)
        super.init(healthStore: healthStore, configuration: session.workoutConfiguration, device: nil)
    }

    /// The builder's delegate (held weakly).
    public weak var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { live.withLock { $0.delegate.object } }
        set { live.withLock { $0.delegate = WeakReference(newValue) } }
    }

    /// Where the builder's samples come from while it collects; nil: only what the app adds. Set it before
    /// beginning collection.
    public var dataSource: HKLiveWorkoutDataSource? {
        get { live.withLock { $0.dataSource } }
        set { live.withLock { $0.dataSource = newValue } }
    }

    /// The session the builder belongs to.
    public var workoutSession: HKWorkoutSession? { session.object }

    /// Whether the builder adds the session's pause and resume events (true by default). Set it before beginning
    /// collection.
    public var shouldCollectWorkoutEvents: Bool {
        get { live.withLock { $0.shouldCollectWorkoutEvents } }
        set { live.withLock { $0.shouldCollectWorkoutEvents = newValue } }
    }

    /// The active time so far: from the start to now (or the end), less the time paused.
    public var elapsedTime: TimeInterval { elapsedTime(at: Date()) }

    /// The session's activity in progress; nil when none is.
    public var currentWorkoutActivity: HKWorkoutActivity? { live.withLock { $0.currentActivity } }

    // MARK: What the session and the data source hand the builder

    /// The data source has samples to hand over.
    func takeCollectedSamples() {
        queue.async { [self] in
            guard let samples = dataSource?.takePending() else { return }
            addCollected(samples)
        }
    }

    /// Adds collected samples that fall within the workout, and tells the delegate their types.
    private func addCollected(_ samples: [HKSample]) {
        let (start, end) = recording.withLock { ($0.startDate, $0.endDate) }
        guard let start else { return }
        let within = samples.filter { sample in
            sample.startDate >= start && (end.map { sample.startDate <= $0 } ?? true)
        }
        try? addSamples(within, saving: false)
    }

    /// The session generated an event: added when the builder collects them.
    func sessionGenerated(_ event: HKWorkoutEvent) {
        queue.async { [self] in
            guard shouldCollectWorkoutEvents, recording.withLock({ $0.phase == .collecting }) else { return }
            try? addEvents([event])
        }
    }

    /// The session began an activity: recorded (while collecting) and told to the delegate.
    func sessionBegan(_ activity: HKWorkoutActivity) {
        queue.async { [self] in
            live.withLock { $0.currentActivity = activity }
            if recording.withLock({ $0.phase == .collecting }) { try? addActivity(activity) }
            if let delegate { delegate.workoutBuilder(self, didBegin: activity) }
        }
    }

    /// The session ended its activity at `date`: its end recorded and told to the delegate.
    func sessionEndedActivity(_ uuid: UUID, at date: Date) {
        queue.async { [self] in
            let current = live.withLock { live -> HKWorkoutActivity? in
                defer { live.currentActivity = nil }
                return live.currentActivity
            }
            guard let current, current.uuid == uuid else { return }
            let ended =
                (try? updateActivity(uuid, end: date, metadata: nil))
                ?? HKWorkoutActivity(
                    uuid: current.uuid, configuration: current.workoutConfiguration, start: current.startDate,
                    end: date, metadata: current.metadata, duration: nil, events: [], statistics: [:])
            if let delegate { delegate.workoutBuilder(self, didEnd: ended) }
        }
    }

    // MARK: The builder's moments

    override func didBegin(at date: Date) {
        dataSource?.attach(to: self, from: date)
    }

    override func didCollect(_ types: Set<HKSampleType>) {
        if let delegate { delegate.workoutBuilder(self, didCollectDataOf: types) }
    }

    override func didCollectEvents() {
        if let delegate { delegate.workoutBuilderDidCollectEvent(self) }
    }

    override func willEndCollection() {
        if let samples = dataSource?.finish() { addCollected(samples) }
    }

    override func didStop() {
        dataSource?.detach()
    }

    /// The session's own activity, when it began none of its own and the app added none.
    override func finalActivities(end: Date) -> [HKWorkoutActivity] {
        let (activities, start) = recording.withLock { ($0.activities, $0.startDate) }
        guard activities.isEmpty, let start else { return [] }
        return [
            HKWorkoutActivity(
                uuid: UUID(), configuration: workoutConfiguration, start: start, end: end,
                metadata: nil, duration: nil, events: [], statistics: [:])
        ]
    }
}
