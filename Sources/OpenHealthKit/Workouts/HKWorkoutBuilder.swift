public import Foundation
import OpenHealthKitEngine

/// Builds a workout step by step and saves it: begin collection at the start date, add samples, events, metadata and
/// activities while it runs, end collection at the end date, then finish (save) it, as HealthKit's builder does.
///
/// The rules, from HealthKit's documentation:
/// - `beginCollection` first: samples, events, activities are accepted only while collecting (metadata until the
///   workout is finished); a second `beginCollection` is refused.
/// - Samples must start within the workout; those not yet stored are saved (the app needs share permission for
///   their types), stored ones are only associated. Each is associated with the workout when it is finished.
/// - Events lie within the workout; pauses and resumes make ``elapsedTime(at:)`` exclude the paused time.
/// - Activities lie within the workout and do not overlap.
/// - `endCollection` sets the end date (not before the start); `finishWorkout` needs it, saves the workout with
///   every statistic the samples give (sums of cumulative types; average, minimum, maximum of discrete ones) and its
///   totals derived from them, and the builder can then be used no more. `discardWorkout` drops the workout (samples
///   already saved stay).
///
/// Every refusal is `errorInvalidArgument` and changes nothing. Completion handlers run, in the order of the calls,
/// on a queue of the builder's.
open class HKWorkoutBuilder: NSObject, @unchecked Sendable {
    let healthStore: HKHealthStore
    /// Where the builder's calls run, one at a time.
    let queue = DispatchQueue(label: "OpenHealthKit.HKWorkoutBuilder")
    let recording = Locked(WorkoutRecording())
    private let seriesBuilders = Locked<[String: HKSeriesBuilder]>([:])

    /// What the workout records (a copy of the builder's configuration).
    public let workoutConfiguration: HKWorkoutConfiguration
    /// The device the workout is recorded with; nil when not given.
    public let device: HKDevice?

    /// A builder that saves to `healthStore` a workout of `configuration`, recorded with `device`, from samples the
    /// app adds (it is not connected to a workout session).
    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.healthStore = healthStore
        workoutConfiguration = configuration.copy() as! HKWorkoutConfiguration
        self.device = device
        super.init()
    }

    /// When the workout starts; nil before ``beginCollection(withStart:completion:)``.
    public var startDate: Date? { recording.withLock { $0.startDate } }
    /// When the workout ends; nil before ``endCollection(withEnd:completion:)``.
    public var endDate: Date? { recording.withLock { $0.endDate } }
    /// The events added so far, in ascending order of their start dates.
    public var workoutEvents: [HKWorkoutEvent] { WorkoutActiveTime.ascending(recording.withLock { $0.events }) }
    /// The metadata added so far.
    public var metadata: [String: Any] { recording.withLock { $0.metadata } }
    /// The activities added so far, in ascending order of their start dates.
    public var workoutActivities: [HKWorkoutActivity] {
        recording.withLock { $0.activities }.sorted { $0.startDate < $1.startDate }
    }
    /// The statistics of every quantity type the builder has samples of.
    public var allStatistics: [HKQuantityType: HKStatistics] { recording.withLock { $0.allStatistics() } }

    /// The statistics of the samples of `quantityType` added so far; nil when there are none.
    open func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        recording.withLock { $0.statistics(for: quantityType) }
    }

    /// The workout's active time at `date`: from its start, less the time paused; 0 before collection begins.
    open func elapsedTime(at date: Date) -> TimeInterval {
        recording.withLock { $0.elapsedTime(at: date) }
    }

    // MARK: Collecting

    /// Starts collecting: sets the start date. Needed before anything is added.
    open func beginCollection(withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        run(completion) { [self] in try begin(at: startDate) }
    }

    /// Starts collecting: sets the start date. Needed before anything is added.
    open func beginCollection(at startDate: Date) async throws {
        try await run { [self] in try begin(at: startDate) }
    }

    /// Adds samples to the workout (saving those not stored yet).
    open func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        run(completion) { [self] in try addSamples(samples, saving: true) }
    }

    /// Adds samples to the workout (saving those not stored yet).
    open func addSamples(_ samples: [HKSample]) async throws {
        try await run { [self] in try addSamples(samples, saving: true) }
    }

    /// Adds events (pauses, resumes, laps, segments, markers) to the workout.
    open func addWorkoutEvents(
        _ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        run(completion) { [self] in try addEvents(workoutEvents) }
    }

    /// Adds events (pauses, resumes, laps, segments, markers) to the workout.
    open func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        try await run { [self] in try addEvents(workoutEvents) }
    }

    /// Adds metadata to the workout's (a key added again takes the new value).
    open func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        nonisolated(unsafe) let metadata = metadata
        run(completion) { [self] in try addMetadata(merging: metadata) }
    }

    /// Adds metadata to the workout's (a key added again takes the new value).
    open func addMetadata(_ metadata: [String: Any]) async throws {
        nonisolated(unsafe) let metadata = metadata
        try await run { [self] in try addMetadata(merging: metadata) }
    }

    /// Adds an activity (a leg of a multisport workout).
    open func addWorkoutActivity(
        _ workoutActivity: HKWorkoutActivity, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        run(completion) { [self] in try addActivity(workoutActivity) }
    }

    /// Adds an activity (a leg of a multisport workout).
    open func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity) async throws {
        try await run { [self] in try addActivity(workoutActivity) }
    }

    /// Sets the end date of the activity with this UUID.
    open func updateActivity(
        uuid UUID: UUID, end endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        run(completion) { [self] in _ = try updateActivity(UUID, end: endDate, metadata: nil) }
    }

    /// Sets the end date of the activity with this UUID.
    open func updateActivity(uuid UUID: UUID, end endDate: Date) async throws {
        try await run { [self] in _ = try updateActivity(UUID, end: endDate, metadata: nil) }
    }

    /// Adds metadata to the activity with this UUID.
    open func updateActivity(
        uuid UUID: UUID, adding metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        nonisolated(unsafe) let metadata = metadata
        run(completion) { [self] in _ = try updateActivity(UUID, end: nil, metadata: metadata) }
    }

    /// Adds metadata to the activity with this UUID.
    open func updateActivity(uuid UUID: UUID, adding metadata: [String: Any]) async throws {
        nonisolated(unsafe) let metadata = metadata
        try await run { [self] in _ = try updateActivity(UUID, end: nil, metadata: metadata) }
    }

    /// Stops collecting: sets the end date (not before the start).
    open func endCollection(withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        run(completion) { [self] in try end(at: endDate) }
    }

    /// Stops collecting: sets the end date (not before the start).
    open func endCollection(at endDate: Date) async throws {
        try await run { [self] in try end(at: endDate) }
    }

    /// Saves the workout (after ``endCollection(withEnd:completion:)``) with its statistics, events, activities and
    /// metadata, associating every sample added; the builder can then be used no more.
    open func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        queue.async { [self] in
            switch Result(catching: { try finish() }).mapError(HKError.init(wrapping:)) {
            case .success(let workout): completion(workout, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Saves the workout (after ``endCollection(at:)``); the builder can then be used no more.
    open func finishWorkout() async throws -> HKWorkout? {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [self] in
                continuation.resume(with: Result(catching: { try finish() }).mapError(HKError.init(wrapping:)))
            }
        }
    }

    /// Drops the workout: nothing more can be added and nothing is saved (samples already saved stay).
    open func discardWorkout() {
        queue.async { [self] in
            let discarded = recording.withLock { recording -> Bool in
                guard recording.phase != .finished else { return false }
                recording.phase = .discarded
                return true
            }
            if discarded { didStop() }
        }
    }

    /// The series builder of `seriesType` that belongs to this builder, made the first time it is asked for: an
    /// `HKWorkoutRouteBuilder` for `HKSeriesType.workoutRoute()` on the builder's store and device (finish it with
    /// the workout once it is saved); nil for other types.
    open func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
        guard seriesType.identifier == HKWorkoutRouteTypeIdentifier else { return nil }
        return seriesBuilders.withLock { builders in
            if let builder = builders[seriesType.identifier] { return builder }
            let builder = HKWorkoutRouteBuilder(healthStore: healthStore, device: device)
            builders[seriesType.identifier] = builder
            return builder
        }
    }

    // MARK: The work, on the builder's queue

    private func begin(at date: Date) throws {
        try SampleValidation.validateDate(date, label: "startDate")
        try recording.withLock { recording in
            try recording.require(.inactive, to: "begin collection")
            recording.phase = .collecting
            recording.startDate = date
        }
        didBegin(at: date)
    }

    /// Adds samples; `saving` saves those the app cannot find in the store first (a live data source passes stored
    /// ones). Nothing is added when one is refused.
    func addSamples(_ samples: [HKSample], saving: Bool) throws {
        try recording.withLock { recording in
            try recording.require(.collecting, to: "add samples")
            try recording.checkDates(of: samples)
        }
        let new = samples.filter { sample in !recording.withLock { $0.contains(sample.uuid) } }
        if saving { try healthStore.saveUnstored(new) }
        let types = recording.withLock { $0.add(new) }
        if !types.isEmpty { didCollect(types) }
    }

    func addEvents(_ events: [HKWorkoutEvent]) throws {
        try recording.withLock { recording in
            try recording.require(.collecting, to: "add events")
            try recording.checkEvents(events)
            recording.events += events
        }
        didCollectEvents()
    }

    private func addMetadata(merging metadata: [String: Any]) throws {
        try MetadataValidation.validate(metadata)
        try recording.withLock { recording in
            try recording.require(.collecting, .ended, to: "add metadata")
            recording.metadata.merge(metadata) { _, new in new }
        }
    }

    func addActivity(_ activity: HKWorkoutActivity) throws {
        try recording.withLock { recording in
            try recording.require(.collecting, to: "add activities")
            try recording.checkActivity(activity)
            recording.activities.append(activity)
        }
    }

    /// Replaces an activity by one with a new end date or more metadata.
    func updateActivity(_ uuid: UUID, end: Date?, metadata: [String: Any]?) throws -> HKWorkoutActivity {
        if let metadata { try MetadataValidation.validate(metadata) }
        return try recording.withLock { recording in
            try recording.require(.collecting, .ended, to: "update activities")
            guard let index = recording.activities.firstIndex(where: { $0.uuid == uuid }) else {
                throw HKError.invalidArgument("The workout builder has no activity \(uuid)")
            }
            let old = recording.activities[index]
            let newEnd = end ?? old.endDate
            if let newEnd { try SampleValidation.validateDates(start: old.startDate, end: newEnd) }
            let merged = metadata.map { (old.metadata ?? [:]).merging($0) { _, new in new } } ?? old.metadata
            let updated = HKWorkoutActivity(
                uuid: old.uuid, configuration: old.workoutConfiguration, start: old.startDate, end: newEnd,
                metadata: merged, duration: nil, events: [], statistics: [:])
            recording.activities[index] = updated
            return updated
        }
    }

    private func end(at date: Date) throws {
        try SampleValidation.validateDate(date, label: "endDate")
        try recording.withLock { recording in
            try recording.require(.collecting, to: "end collection")
            guard let start = recording.startDate, date >= start else {
                throw HKError.invalidArgument("The end date \(date) is before the workout's start")
            }
            recording.endDate = date
        }
        willEndCollection()
        recording.withLock { $0.phase = .ended }
        didStop()
    }

    private func finish() throws -> HKWorkout {
        let snapshot = try recording.withLock { recording in
            try recording.require(.ended, to: "finish the workout")
            return recording
        }
        let workout = try makeWorkout(from: snapshot)
        try healthStore.backend.save([workout], associating: [workout.uuid: snapshot.sampleOrder])
        recording.withLock { $0.phase = .finished }
        return workout
    }

    /// The workout the recording describes: events and activities within it, statistics over its span and each
    /// activity's, and HealthKit's metadata of its configuration (indoor or outdoor, swimming location, lap length)
    /// unless the app set them.
    private func makeWorkout(from recording: WorkoutRecording) throws -> HKWorkout {
        guard let start = recording.startDate, let end = recording.endDate else {
            throw HKError.invalidArgument("The workout builder has no start or end date")
        }
        let events = WorkoutActiveTime.ascending(recording.events)
        let activities = (recording.activities + finalActivities(end: end)).map { activity in
            let activityEnd = activity.endDate ?? end
            let span = DateInterval(start: activity.startDate, end: max(activity.startDate, activityEnd))
            return HKWorkoutActivity(
                uuid: activity.uuid, configuration: activity.workoutConfiguration, start: activity.startDate,
                end: activityEnd, metadata: activity.metadata, duration: nil,
                events: events.filter { $0.dateInterval.end >= span.start && $0.dateInterval.start <= span.end },
                statistics: recording.allStatistics(within: span))
        }
        var metadata = recording.metadata
        let configuration = workoutConfiguration
        if metadata[HKMetadataKeyIndoorWorkout] == nil, configuration.locationType != .unknown {
            metadata[HKMetadataKeyIndoorWorkout] = NSNumber(value: configuration.locationType == .indoor)
        }
        if metadata[HKMetadataKeySwimmingLocationType] == nil, configuration.swimmingLocationType != .unknown {
            metadata[HKMetadataKeySwimmingLocationType] = NSNumber(value: configuration.swimmingLocationType.rawValue)
        }
        if metadata[HKMetadataKeyLapLength] == nil, let lapLength = configuration.lapLength {
            metadata[HKMetadataKeyLapLength] = lapLength
        }
        let workout = HKWorkout(
            uuid: UUID(), activityType: configuration.activityType, start: start, end: end,
            workoutEvents: events, duration: recording.elapsedTime(at: end), totalEnergyBurned: nil,
            totalDistance: nil, totalSwimmingStrokeCount: nil, totalFlightsClimbed: nil, device: device,
            metadata: metadata.isEmpty ? nil : metadata,
            sourceRevision: HKSourceRevision(source: .default(), version: nil),
            activities: activities, statistics: recording.allStatistics())
        try workout.validate()
        return workout
    }

    // MARK: What a live builder adds

    /// Collection began at `date`.
    func didBegin(at date: Date) {}
    /// Samples of these types were added.
    func didCollect(_ types: Set<HKSampleType>) {}
    /// Events were added.
    func didCollectEvents() {}
    /// Collection is about to end: a live data source delivers what it has not yet.
    func willEndCollection() {}
    /// Collection stopped (ended or discarded).
    func didStop() {}
    /// Activities that only the end of collection closes (a live builder's session activity).
    func finalActivities(end: Date) -> [HKWorkoutActivity] { [] }

    // MARK: Running calls in order

    /// Runs `work` on the builder's queue and reports its outcome to `completion`.
    func run(
        _ completion: @escaping @Sendable (Bool, (any Error)?) -> Void, _ work: @escaping @Sendable () throws -> Void
    ) {
        queue.async {
            do {
                try work()
                completion(true, nil)
            } catch {
                completion(false, HKError(wrapping: error))
            }
        }
    }

    /// Runs `work` on the builder's queue, throwing an `HKError`.
    func run(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async { continuation.resume(with: Result(catching: work).mapError(HKError.init(wrapping:))) }
        }
    }
}
