import Foundation
package import OpenHealthKitModel

/// `POST /v1/queries/activity-summaries` (HKActivitySummaryQuery): the summaries whose day matches the predicate
/// (`activitySummaryDays` conditions, combined with `and`, `or`, `not`); no predicate reads every summary.
public struct WireActivitySummaryQuery: Codable, Sendable {
    /// The days to read; nil reads every summary.
    public var predicate: WirePredicate?

    package init(predicate: PredicateTree?) {
        self.predicate = predicate.map(WirePredicate.init)
    }
}

/// The answer: the summaries by day.
public struct WireActivitySummariesResponse: Codable, Sendable {
    /// The summaries, one per day.
    public var summaries: [WireActivitySummary]

    /// Wraps the summaries.
    public init(summaries: [WireActivitySummary]) { self.summaries = summaries }
}

/// One day's activity summary: `day` (`yyyy-MM-dd`, the Gregorian day the user lived), the rings' values and goals
/// as quantities (energy in `kcal`, times in `min`, stand hours in `count`), the optional goals `exerciseTimeGoal` and
/// `standHoursGoal` (absent when not recorded), and `activityMoveMode` (the HKActivityMoveMode raw value).
public struct WireActivitySummary: Codable, Sendable, Equatable {
    /// The summary's day, `yyyy-MM-dd`.
    public var day: String
    /// The active energy burned that day, in `kcal`.
    public var activeEnergyBurned: WireQuantity
    /// The move goal, in `kcal`.
    public var activeEnergyBurnedGoal: WireQuantity
    /// The move time that day (move mode `appleMoveTime`), in `min`.
    public var appleMoveTime: WireQuantity
    /// The move time goal, in `min`.
    public var appleMoveTimeGoal: WireQuantity
    /// The exercise time that day, in `min`.
    public var appleExerciseTime: WireQuantity
    /// The exercise goal, in `min`.
    public var appleExerciseTimeGoal: WireQuantity
    /// The exercise time goal as HealthKit's newer `exerciseTimeGoal` names it, in `min`; nil when not recorded.
    public var exerciseTimeGoal: WireQuantity?
    /// The hours in which the user stood, in `count`.
    public var appleStandHours: WireQuantity
    /// The stand goal, in `count`.
    public var appleStandHoursGoal: WireQuantity
    /// The stand hours goal as HealthKit's newer `standHoursGoal` names it, in `count`; nil when not recorded.
    public var standHoursGoal: WireQuantity?
    /// The `HKActivityMoveMode` raw value: 1 active energy, 2 move time.
    public var activityMoveMode: Int

    /// A stored summary (one with a day).
    package init(_ summary: HKActivitySummary) throws {
        guard let day = summary.dayKey else {
            throw HKError.invalidArgument("Only a stored activity summary (one with a day) goes on the wire")
        }
        self.day = day
        activeEnergyBurned = WireQuantity(summary.activeEnergyBurned)
        activeEnergyBurnedGoal = WireQuantity(summary.activeEnergyBurnedGoal)
        appleMoveTime = WireQuantity(summary.appleMoveTime)
        appleMoveTimeGoal = WireQuantity(summary.appleMoveTimeGoal)
        appleExerciseTime = WireQuantity(summary.appleExerciseTime)
        appleExerciseTimeGoal = WireQuantity(summary.appleExerciseTimeGoal)
        exerciseTimeGoal = summary.exerciseTimeGoal.map(WireQuantity.init)
        appleStandHours = WireQuantity(summary.appleStandHours)
        appleStandHoursGoal = WireQuantity(summary.appleStandHoursGoal)
        standHoursGoal = summary.standHoursGoal.map(WireQuantity.init)
        activityMoveMode = summary.activityMoveMode.rawValue
    }

    /// The summary; a malformed day, an unknown unit or move mode, or a unit of the wrong kind is an invalid argument.
    package func summary() throws -> HKActivitySummary {
        let summary = HKActivitySummary(dayKey: try WireActivitySummaryDay.checked(day))
        func quantity(_ wire: WireQuantity, _ unit: HKUnit, _ name: String) throws -> HKQuantity {
            let quantity = try wire.quantity()
            guard quantity.is(compatibleWith: unit) else {
                throw HKError.invalidArgument(
                    "\(name) is in \(wire.unit), not a unit compatible with \(unit.unitString)")
            }
            return quantity
        }
        let kcal = HKUnit.kilocalorie(), minute = HKUnit.minute(), count = HKUnit.count()
        summary.activeEnergyBurned = try quantity(activeEnergyBurned, kcal, "activeEnergyBurned")
        summary.activeEnergyBurnedGoal = try quantity(activeEnergyBurnedGoal, kcal, "activeEnergyBurnedGoal")
        summary.appleMoveTime = try quantity(appleMoveTime, minute, "appleMoveTime")
        summary.appleMoveTimeGoal = try quantity(appleMoveTimeGoal, minute, "appleMoveTimeGoal")
        summary.appleExerciseTime = try quantity(appleExerciseTime, minute, "appleExerciseTime")
        summary.appleExerciseTimeGoal = try quantity(appleExerciseTimeGoal, minute, "appleExerciseTimeGoal")
        summary.exerciseTimeGoal = try exerciseTimeGoal.map { try quantity($0, minute, "exerciseTimeGoal") }
        summary.appleStandHours = try quantity(appleStandHours, count, "appleStandHours")
        summary.appleStandHoursGoal = try quantity(appleStandHoursGoal, count, "appleStandHoursGoal")
        summary.standHoursGoal = try standHoursGoal.map { try quantity($0, count, "standHoursGoal") }
        guard let mode = HKActivityMoveMode(rawValue: activityMoveMode) else {
            throw HKError.invalidArgument("\(activityMoveMode) is not an HKActivityMoveMode raw value")
        }
        summary.activityMoveMode = mode
        return summary
    }
}

/// The day of an activity summary on the wire: `yyyy-MM-dd`, as the store keys it.
enum WireActivitySummaryDay {
    static func checked(_ day: String) throws -> String {
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [4, 2, 2],
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else {
            throw HKError.invalidArgument("\(day) is not a day: use yyyy-MM-dd")
        }
        return day
    }
}
