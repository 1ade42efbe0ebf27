public import Foundation

/// The move, exercise and stand data of one day: what an `HKActivitySummaryQuery` reads.
///
/// Like HealthKit's, it is mutable (changing it changes nothing in the store) and cannot be saved. Energy is in
/// kilocalories, times in minutes and stand hours as counts, as the store keeps them; a value the store lacks reads as
/// zero (the optional goals read as nil).
public final class HKActivitySummary: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The active energy burned during the day.
    public var activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
    /// The daily goal for active energy burned.
    public var activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
    /// The minutes of movement during the day, for move rings that count time.
    public var appleMoveTime = HKQuantity(unit: .minute(), doubleValue: 0)
    /// The daily goal for move time.
    public var appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
    /// The minutes of exercise during the day.
    public var appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 0)
    /// The daily exercise goal (HealthKit deprecates it for ``exerciseTimeGoal``).
    public var appleExerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
    /// The daily exercise goal, if there is one.
    public var exerciseTimeGoal: HKQuantity?
    /// The hours of the day in which the user stood and moved for at least a minute.
    public var appleStandHours = HKQuantity(unit: .count(), doubleValue: 0)
    /// The daily stand goal (HealthKit deprecates it for ``standHoursGoal``).
    public var appleStandHoursGoal = HKQuantity(unit: .count(), doubleValue: 0)
    /// The daily stand goal, if there is one.
    public var standHoursGoal: HKQuantity?
    /// Whether the move ring measured active energy or move time that day.
    public var activityMoveMode = HKActivityMoveMode.activeEnergy
    /// Whether the user paused their rings that day (the rings' data is still collected, but does not count towards
    /// streaks). Pausing is done on the watch and exports do not carry it, so a stored summary is never paused.
    public var isPaused = false

    /// The day, as an ``ActivitySummaryDay`` key; nil for a summary made by the app.
    package private(set) var dayKey: String?

    /// An empty summary not tied to a day: every quantity zero in its unit, the optional goals nil, move mode
    /// `activeEnergy`.
    public override init() {
        super.init()
    }

    /// A stored summary of the day keyed `dayKey`.
    package init(dayKey: String) {
        self.dayKey = dayKey
        super.init()
    }

    /// The era, year, month and day of the summary's day in `calendar` (the components carry `calendar`); only the
    /// calendar for a summary made by the app.
    public func dateComponents(for calendar: Calendar) -> DateComponents {
        guard let dayKey else {
            var components = DateComponents()
            components.calendar = calendar
            return components
        }
        return ActivitySummaryDay.components(ofKey: dayKey, in: calendar)
    }

    /// The summary's quantities, for debugging.
    public override var description: String {
        "<HKActivitySummary day:\(dayKey ?? "none") energy:\(activeEnergyBurned)/\(activeEnergyBurnedGoal) "
            + "exercise:\(appleExerciseTime)/\(appleExerciseTimeGoal) stand:\(appleStandHours)/\(appleStandHoursGoal)>"
    }

    // MARK: NSSecureCoding

    /// Summaries are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives every quantity and goal, the move mode, whether the day was paused and the day.
    public func encode(with coder: NSCoder) {
        coder.encode(activeEnergyBurned, forKey: "activeEnergyBurned")
        coder.encode(activeEnergyBurnedGoal, forKey: "activeEnergyBurnedGoal")
        coder.encode(appleMoveTime, forKey: "appleMoveTime")
        coder.encode(appleMoveTimeGoal, forKey: "appleMoveTimeGoal")
        coder.encode(appleExerciseTime, forKey: "appleExerciseTime")
        coder.encode(appleExerciseTimeGoal, forKey: "appleExerciseTimeGoal")
        coder.encode(exerciseTimeGoal, forKey: "exerciseTimeGoal")
        coder.encode(appleStandHours, forKey: "appleStandHours")
        coder.encode(appleStandHoursGoal, forKey: "appleStandHoursGoal")
        coder.encode(standHoursGoal, forKey: "standHoursGoal")
        coder.encode(activityMoveMode.rawValue, forKey: "activityMoveMode")
        coder.encode(isPaused, forKey: "isPaused")
        coder.encodeString(dayKey, forKey: "dayKey")
    }

    /// Unarchives a summary; nil when a quantity that is never nil, or the move mode, is missing.
    public init?(coder: NSCoder) {
        let quantity = { (key: String) in coder.decodeIfPresent(HKQuantity.self, forKey: key) }
        guard let activeEnergyBurned = quantity("activeEnergyBurned"),
            let activeEnergyBurnedGoal = quantity("activeEnergyBurnedGoal"),
            let appleMoveTime = quantity("appleMoveTime"), let appleMoveTimeGoal = quantity("appleMoveTimeGoal"),
            let appleExerciseTime = quantity("appleExerciseTime"),
            let appleExerciseTimeGoal = quantity("appleExerciseTimeGoal"),
            let appleStandHours = quantity("appleStandHours"),
            let appleStandHoursGoal = quantity("appleStandHoursGoal"),
            let activityMoveMode = coder.decodeEnum(HKActivityMoveMode.self, forKey: "activityMoveMode")
        else { return nil }
        self.activeEnergyBurned = activeEnergyBurned
        self.activeEnergyBurnedGoal = activeEnergyBurnedGoal
        self.appleMoveTime = appleMoveTime
        self.appleMoveTimeGoal = appleMoveTimeGoal
        self.appleExerciseTime = appleExerciseTime
        self.appleExerciseTimeGoal = appleExerciseTimeGoal
        exerciseTimeGoal = quantity("exerciseTimeGoal")
        self.appleStandHours = appleStandHours
        self.appleStandHoursGoal = appleStandHoursGoal
        standHoursGoal = quantity("standHoursGoal")
        self.activityMoveMode = activityMoveMode
        isPaused = coder.decodeBool(forKey: "isPaused")
        dayKey = coder.decodeString(forKey: "dayKey")
        super.init()
    }
}
