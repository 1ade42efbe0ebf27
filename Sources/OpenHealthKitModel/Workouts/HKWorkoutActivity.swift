public import Foundation

/// One activity of a workout: a leg of a multisport race (swim, transition, bike, run), or the one activity of a
/// workout an Apple Watch records. Its events and statistics are the part of the workout's that fall within it.
///
/// An activity is equal to another with the same UUID.
public final class HKWorkoutActivity: NSObject, NSCopying, @unchecked Sendable {
    /// The activity's unique identifier.
    public let uuid: UUID
    /// What the activity records (a copy of the configuration it was created with).
    public let workoutConfiguration: HKWorkoutConfiguration
    /// When the activity starts.
    public let startDate: Date
    /// When the activity ends; nil while it is still going on.
    public let endDate: Date?
    /// The activity's metadata; nil when it has none.
    public let metadata: [String: Any]?
    /// The activity's active time in seconds: from its start to its end minus the time paused; 0 while it has no end.
    public let duration: TimeInterval
    /// The workout's events that fall within the activity (or overlap it), in ascending order of their start dates.
    public let workoutEvents: [HKWorkoutEvent]
    /// The activity's statistics, by quantity type.
    public let allStatistics: [HKQuantityType: HKStatistics]

    /// A new activity of a configuration from `startDate` to `endDate` (nil: still going on), to add to a workout
    /// builder. An end before the start raises, as in HealthKit.
    public convenience init(
        workoutConfiguration: HKWorkoutConfiguration, start startDate: Date, end endDate: Date?,
        metadata: [String: Any]?
    ) {
        Result { () throws(HKError) in
            try WorkoutActivityValidation.validate(start: startDate, end: endDate, metadata: metadata)
        }.getOrRaise()
        self.init(
            uuid: UUID(), configuration: workoutConfiguration, start: startDate, end: endDate, metadata: metadata,
            duration: nil, events: [], statistics: [:])
    }

    /// A new activity of a configuration from `startDate` to `endDate` (nil: still going on).
    @available(*, deprecated, renamed: "init(workoutConfiguration:start:end:metadata:)")
    public convenience init(
        workoutConfiguration: HKWorkoutConfiguration, startDate: Date, endDate: Date?, metadata: [String: Any]?
    ) {
        self.init(workoutConfiguration: workoutConfiguration, start: startDate, end: endDate, metadata: metadata)
    }

    /// An activity as stored: `duration` nil means the active time from the dates and events.
    package init(
        uuid: UUID, configuration: HKWorkoutConfiguration, start: Date, end: Date?, metadata: [String: Any]?,
        duration: TimeInterval?, events: [HKWorkoutEvent], statistics: [HKQuantityType: HKStatistics]
    ) {
        self.uuid = uuid
        workoutConfiguration = configuration.copy() as! HKWorkoutConfiguration
        self.startDate = start
        self.endDate = end
        self.metadata = metadata
        let ordered = WorkoutActiveTime.ascending(events)
        workoutEvents = ordered
        self.duration = duration ?? end.map { WorkoutActiveTime.seconds(from: start, to: $0, events: ordered) } ?? 0
        allStatistics = statistics
        super.init()
    }

    /// The activity's statistics for one quantity type; nil when it has none.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        allStatistics[quantityType]
    }

    /// The same activity (activities are immutable).
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Activities are equal when their UUIDs are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKWorkoutActivity)?.uuid == uuid
    }

    /// The UUID's hash.
    public override var hash: Int { uuid.hashValue }

    /// The activity type and dates, for debugging.
    public override var description: String {
        "<HKWorkoutActivity \(uuid) \(workoutConfiguration.activityType.rawValue) \(startDate) - "
            + "\(endDate.map { "\($0)" } ?? "…")>"
    }
}

/// The checks HealthKit makes on a new activity, and the store's bounds on its dates (years 1 to 4001, as every
/// sample date: ``SampleValidation/dateRange``).
package enum WorkoutActivityValidation {
    package static func validate(start: Date, end: Date?, metadata: [String: Any]?) throws(HKError) {
        if let end {
            try SampleValidation.validateDates(start: start, end: end)
        } else {
            try SampleValidation.validateDate(start, label: "startDate")
        }
        try MetadataValidation.validate(metadata)
    }
}
