public import Foundation

/// A workout: an activity between a start and an end date, with its events and totals.
///
/// ``duration`` is the active time: the interval minus the time the workout spent paused (from a `pause` or
/// `motionPaused` event to the next `resume` or `motionResumed` event, or to the end). Workouts begin running; a
/// pause while paused, or a resume while running, changes nothing. ``workoutEvents`` are kept in ascending order of
/// their start dates, as HealthKit orders them.
///
/// A workout built with `HKWorkoutBuilder` carries its activities (``workoutActivities``) and per-type statistics
/// (``allStatistics``), and its totals are those statistics' sums (active energy, the distance type of its activity,
/// swimming strokes, flights climbed).
///
/// - Note: HealthKit deprecates these initializers and the total properties in favour of `HKWorkoutBuilder` and
///   per-type statistics; they are kept undeprecated here, as apps still read and write them.
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
    /// The workout's activities in ascending order of their start dates: one per leg of a multisport workout, the one
    /// activity of a workout recorded by a workout session; empty for a workout saved without any.
    public let workoutActivities: [HKWorkoutActivity]
    /// The workout's statistics, by quantity type: what its builder collected (sums of cumulative types; average,
    /// minimum, maximum of discrete ones).
    public let allStatistics: [HKQuantityType: HKStatistics]

    /// A workout as stored. Totals left nil are the sums of the matching statistics, as HealthKit derives them.
    package init(
        uuid: UUID, activityType: HKWorkoutActivityType, start: Date, end: Date, workoutEvents: [HKWorkoutEvent]?,
        duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalSwimmingStrokeCount: HKQuantity?, totalFlightsClimbed: HKQuantity?, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision, activities: [HKWorkoutActivity] = [],
        statistics: [HKQuantityType: HKStatistics] = [:]
    ) {
        workoutActivityType = activityType
        self.workoutEvents = workoutEvents.flatMap { $0.isEmpty ? nil : WorkoutActiveTime.ascending($0) }
        self.duration = duration
        let totals = WorkoutTotals(statistics: statistics, activityType: activityType)
        self.totalEnergyBurned = totalEnergyBurned ?? totals.energyBurned
        self.totalDistance = totalDistance ?? totals.distance
        self.totalSwimmingStrokeCount = totalSwimmingStrokeCount ?? totals.swimmingStrokeCount
        self.totalFlightsClimbed = totalFlightsClimbed ?? totals.flightsClimbed
        workoutActivities = activities.sorted { $0.startDate < $1.startDate }
        allStatistics = statistics
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
                ? WorkoutActiveTime.seconds(from: start, to: end, events: workoutEvents ?? []) : duration,
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

    /// Creates a workout with a flights-climbed total; invalid input raises, as in HealthKit.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalFlightsClimbed: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, startDate: startDate, endDate: endDate, workoutEvents: workoutEvents,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance,
            totalFlightsClimbed: totalFlightsClimbed,
            device: device, metadata: metadata)
    }

    // HealthKit's former labels (`startDate:endDate:`) of the same initializers.

    /// Creates a workout with no events, totals, device or metadata.
    @available(*, deprecated, renamed: "init(activityType:start:end:)")
    public convenience init(activityType workoutActivityType: HKWorkoutActivityType, startDate: Date, endDate: Date) {
        self.init(activityType: workoutActivityType, start: startDate, end: endDate)
    }

    /// Creates a workout with events, totals and metadata but no device.
    @available(
        *, deprecated, renamed: "init(activityType:start:end:workoutEvents:totalEnergyBurned:totalDistance:metadata:)"
    )
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, startDate: Date, endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, metadata: metadata)
    }

    /// Creates a workout whose duration is computed from its dates and events.
    @available(
        *, deprecated,
        renamed: "init(activityType:start:end:workoutEvents:totalEnergyBurned:totalDistance:device:metadata:)"
    )
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, startDate: Date, endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: device, metadata: metadata)
    }

    /// Creates a workout with a swimming stroke count.
    @available(
        *, deprecated,
        renamed:
            "init(activityType:start:end:workoutEvents:totalEnergyBurned:totalDistance:totalSwimmingStrokeCount:device:metadata:)"
    )
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, startDate: Date, endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance,
            totalSwimmingStrokeCount: totalSwimmingStrokeCount, device: device, metadata: metadata)
    }

    /// Creates a workout with an explicit duration and no device.
    @available(
        *, deprecated, renamed: "init(activityType:start:end:duration:totalEnergyBurned:totalDistance:metadata:)"
    )
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, startDate: Date, endDate: Date,
        duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, duration: duration,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, metadata: metadata)
    }

    /// Creates a workout with an explicit duration.
    @available(
        *, deprecated, renamed: "init(activityType:start:end:duration:totalEnergyBurned:totalDistance:device:metadata:)"
    )
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, startDate: Date, endDate: Date,
        duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, duration: duration,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: device, metadata: metadata)
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

    /// The workout's statistics for one quantity type; nil when it has none.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        allStatistics[quantityType]
    }

    /// Archives the workout: activity type, events, duration, totals, activities and statistics.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(Int(workoutActivityType.rawValue), forKey: "workoutActivityType")
        coder.encode(workoutEvents.map { $0 as NSArray }, forKey: "workoutEvents")
        coder.encode(duration, forKey: "duration")
        coder.encode(totalEnergyBurned, forKey: "totalEnergyBurned")
        coder.encode(totalDistance, forKey: "totalDistance")
        coder.encode(totalSwimmingStrokeCount, forKey: "totalSwimmingStrokeCount")
        coder.encode(totalFlightsClimbed, forKey: "totalFlightsClimbed")
        coder.encode(workoutActivities as NSArray, forKey: "workoutActivities")
        coder.encodeStatistics(allStatistics, forKey: "allStatistics")
    }

    /// Unarchives a workout; nil without a known activity type, its activities and statistics.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "workoutActivityType"),
            let activityType = HKWorkoutActivityType(
                rawValue: UInt(clamping: coder.decodeInteger(forKey: "workoutActivityType"))),
            let activities = coder.decodeArray(of: HKWorkoutActivity.self, forKey: "workoutActivities"),
            let statistics = coder.decodeStatistics(forKey: "allStatistics")
        else { return nil }
        let quantity = { (key: String) in coder.decodeIfPresent(HKQuantity.self, forKey: key) }
        workoutActivityType = activityType
        workoutEvents = coder.decodeArray(of: HKWorkoutEvent.self, forKey: "workoutEvents")
        duration = coder.decodeDouble(forKey: "duration")
        totalEnergyBurned = quantity("totalEnergyBurned")
        totalDistance = quantity("totalDistance")
        totalSwimmingStrokeCount = quantity("totalSwimmingStrokeCount")
        totalFlightsClimbed = quantity("totalFlightsClimbed")
        workoutActivities = activities
        allStatistics = statistics
        super.init(coder: coder)
    }
}
