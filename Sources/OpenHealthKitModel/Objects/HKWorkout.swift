public import Foundation

/// A workout: an activity between a start and an end date, with its events and totals.
///
/// ``duration`` is the active time: the interval minus the time the workout spent paused (from a `pause` or
/// `motionPaused` event to the next `resume` or `motionResumed` event, or to the end). Workouts begin running; a
/// pause while paused, or a resume while running, changes nothing. ``workoutEvents`` are kept in ascending order of
/// their start dates, as HealthKit orders them.
///
/// - Note: HealthKit deprecates these initializers and the total properties in favour of `HKWorkoutBuilder` and
///   per-type statistics, which OpenHealthKit does not have yet; they are kept undeprecated here.
public final class HKWorkout: HKSample, @unchecked Sendable {
    /// The kind of activity.
    public let workoutActivityType: HKWorkoutActivityType
    /// The workout's events in ascending order, or nil when it has none.
    public let workoutEvents: [HKWorkoutEvent]?
    /// The active time in seconds: the interval minus the paused time.
    public let duration: TimeInterval
    /// The energy burned during the workout; nil when not recorded.
    public let totalEnergyBurned: HKQuantity?
    /// The distance covered during the workout; nil when not recorded.
    public let totalDistance: HKQuantity?
    /// The swimming strokes during the workout (a `count` quantity); nil when not recorded.
    public let totalSwimmingStrokeCount: HKQuantity?
    /// The flights of stairs climbed during the workout (a `count` quantity); nil when not recorded.
    public let totalFlightsClimbed: HKQuantity?

    package init(
        uuid: UUID, activityType: HKWorkoutActivityType, start: Date, end: Date, workoutEvents: [HKWorkoutEvent]?,
        duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalSwimmingStrokeCount: HKQuantity?, totalFlightsClimbed: HKQuantity?, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        workoutActivityType = activityType
        self.workoutEvents = workoutEvents.flatMap { $0.isEmpty ? nil : HKWorkout.ascending($0) }
        self.duration = duration
        self.totalEnergyBurned = totalEnergyBurned
        self.totalDistance = totalDistance
        self.totalSwimmingStrokeCount = totalSwimmingStrokeCount
        self.totalFlightsClimbed = totalFlightsClimbed
        super.init(
            uuid: uuid, sampleType: HKObjectType.workoutType(), start: start, end: end, device: device,
            metadata: metadata, sourceRevision: sourceRevision
        )
    }

    /// A new, unsaved workout. A `duration` of zero or less means: compute it from the dates and the events.
    private convenience init(
        newWith activityType: HKWorkoutActivityType, start: Date, end: Date, workoutEvents: [HKWorkoutEvent]?,
        duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalSwimmingStrokeCount: HKQuantity?, totalFlightsClimbed: HKQuantity?, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            uuid: UUID(), activityType: activityType, start: start, end: end, workoutEvents: workoutEvents,
            duration: duration <= 0
                ? HKWorkout.activeTime(from: start, to: end, events: workoutEvents ?? []) : duration,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance,
            totalSwimmingStrokeCount: totalSwimmingStrokeCount, totalFlightsClimbed: totalFlightsClimbed,
            device: device, metadata: metadata, sourceRevision: .placeholder()
        )
    }

    /// Creates a workout with no events, totals, device or metadata; invalid input raises, as in HealthKit.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, workoutEvents: nil,
            totalEnergyBurned: nil, totalDistance: nil, device: nil, metadata: nil
        )
    }

    /// Creates a workout with events, totals and metadata but no device; invalid input raises, as in HealthKit.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: nil, metadata: metadata
        )
    }

    /// Creates a workout whose duration is computed from its dates and events; invalid input raises, as in HealthKit.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            newWith: workoutActivityType, start: startDate, end: endDate, workoutEvents: workoutEvents, duration: 0,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, totalSwimmingStrokeCount: nil,
            totalFlightsClimbed: nil, device: device, metadata: metadata
        )
        validateOrRaise()
    }

    /// Creates a workout with a swimming stroke count; invalid input raises, as in HealthKit.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            newWith: workoutActivityType, start: startDate, end: endDate, workoutEvents: workoutEvents, duration: 0,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance,
            totalSwimmingStrokeCount: totalSwimmingStrokeCount, totalFlightsClimbed: nil, device: device,
            metadata: metadata
        )
        validateOrRaise()
    }

    /// Creates a workout with a flights-climbed total; invalid input raises, as in HealthKit.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, startDate: Date, endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalFlightsClimbed: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            newWith: workoutActivityType, start: startDate, end: endDate, workoutEvents: workoutEvents, duration: 0,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, totalSwimmingStrokeCount: nil,
            totalFlightsClimbed: totalFlightsClimbed, device: device, metadata: metadata
        )
        validateOrRaise()
    }

    /// Creates a workout with an explicit duration (zero or less: the whole interval) and no device; invalid input
    /// raises, as in HealthKit.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, duration: duration,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: nil, metadata: metadata
        )
    }

    /// Creates a workout with an explicit duration (zero or less: the whole interval); invalid input raises, as in
    /// HealthKit.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            newWith: workoutActivityType, start: startDate, end: endDate, workoutEvents: nil, duration: duration,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, totalSwimmingStrokeCount: nil,
            totalFlightsClimbed: nil, device: device, metadata: metadata
        )
        validateOrRaise()
    }

    /// Creates a workout, throwing ``HKError`` `errorInvalidArgument` where HealthKit's initializers raise.
    /// A `duration` of zero or less means: compute it from the dates and the events.
    public convenience init(
        validating activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]? = nil, duration: TimeInterval = 0, totalEnergyBurned: HKQuantity? = nil,
        totalDistance: HKQuantity? = nil, totalSwimmingStrokeCount: HKQuantity? = nil,
        totalFlightsClimbed: HKQuantity? = nil, device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) throws(HKError) {
        self.init(
            newWith: activityType, start: startDate, end: endDate, workoutEvents: workoutEvents, duration: duration,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance,
            totalSwimmingStrokeCount: totalSwimmingStrokeCount, totalFlightsClimbed: totalFlightsClimbed,
            device: device, metadata: metadata
        )
        try validate()
    }

    package override func validate() throws(HKError) {
        try super.validate()
        try WorkoutValidation.validate(self)
    }

    package override var valueDescription: String? { "<HKWorkout> (\(workoutActivityType.rawValue))" }

    private static func ascending(_ events: [HKWorkoutEvent]) -> [HKWorkoutEvent] {
        events.sorted { $0.dateInterval.start < $1.dateInterval.start }
    }

    /// The time between `start` and `end` that the events leave running.
    private static func activeTime(from start: Date, to end: Date, events: [HKWorkoutEvent]) -> TimeInterval {
        var active: TimeInterval = 0
        var runningSince: Date? = start
        for event in ascending(events) {
            let date = event.dateInterval.start
            switch event.type {
            case .pause, .motionPaused:
                if let since = runningSince {
                    active += date.timeIntervalSince(since)
                    runningSince = nil
                }
            case .resume, .motionResumed:
                if runningSince == nil { runningSince = date }
            case .lap, .marker, .segment, .pauseOrResumeRequest:
                break
            }
        }
        if let since = runningSince { active += end.timeIntervalSince(since) }
        return active
    }

    /// Archives the workout: activity type, events, duration and totals.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(Int(workoutActivityType.rawValue), forKey: "workoutActivityType")
        coder.encode(workoutEvents.map { $0 as NSArray }, forKey: "workoutEvents")
        coder.encode(duration, forKey: "duration")
        coder.encode(totalEnergyBurned, forKey: "totalEnergyBurned")
        coder.encode(totalDistance, forKey: "totalDistance")
        coder.encode(totalSwimmingStrokeCount, forKey: "totalSwimmingStrokeCount")
        coder.encode(totalFlightsClimbed, forKey: "totalFlightsClimbed")
    }

    /// Unarchives a workout; nil without a known activity type.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "workoutActivityType"),
            let activityType = HKWorkoutActivityType(
                rawValue: UInt(clamping: coder.decodeInteger(forKey: "workoutActivityType")))
        else { return nil }
        let quantity = { (key: String) in coder.decodeIfPresent(HKQuantity.self, forKey: key) }
        workoutActivityType = activityType
        workoutEvents = coder.decodeArray(of: HKWorkoutEvent.self, forKey: "workoutEvents")
        duration = coder.decodeDouble(forKey: "duration")
        totalEnergyBurned = quantity("totalEnergyBurned")
        totalDistance = quantity("totalDistance")
        totalSwimmingStrokeCount = quantity("totalSwimmingStrokeCount")
        totalFlightsClimbed = quantity("totalFlightsClimbed")
        super.init(coder: coder)
    }
}
