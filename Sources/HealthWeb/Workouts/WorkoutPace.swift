import Foundation
import OpenHealthKitModel

/// Pace and speed as a runner or a cyclist reads them, in the owner's distance unit: minutes and seconds per
/// kilometre or mile (`5'30"/km`), or kilometres or miles per hour for activities that go faster than a run.
enum WorkoutPace {
    /// The unit splits and paces are counted in: the mile when the owner shows distances in miles, yards or feet,
    /// else the kilometre.
    enum DistanceUnit: Sendable, Equatable {
        case kilometre, mile

        /// Its length in metres.
        var metres: Double { self == .mile ? 1609.344 : 1000 }
        /// `km` or `mi`.
        var symbol: String { self == .mile ? "mi" : "km" }
        /// The unit elevation is shown in beside it: metres, or feet with miles.
        var elevationUnit: HKUnit { self == .mile ? .foot() : .meter() }
        var elevationSymbol: String { self == .mile ? "ft" : "m" }

        /// The unit that goes with the owner's unit for walking and running distance.
        init(preferred unit: HKUnit) {
            self = ["mi", "yd", "ft", "in"].contains(unit.unitString) ? .mile : .kilometre
        }
    }

    /// Activities whose pace people read as a speed (cycling, skiing, skating...): everything else shows a pace.
    static func showsSpeed(_ activityType: HKWorkoutActivityType) -> Bool {
        switch activityType {
        case .cycling, .handCycling, .downhillSkiing, .snowboarding, .snowSports, .skatingSports, .crossCountrySkiing,
            .sailing, .surfingSports, .waterSports:
            true
        default: false
        }
    }

    /// Seconds per `unit` over `metres` covered in `seconds`; nil when no distance was covered.
    static func secondsPer(_ unit: DistanceUnit, metres: Double, seconds: Double) -> Double? {
        guard metres > 0, seconds > 0 else { return nil }
        return seconds / (metres / unit.metres)
    }

    /// `unit`s per hour over `metres` covered in `seconds`; nil when no time passed.
    static func speed(in unit: DistanceUnit, metres: Double, seconds: Double) -> Double? {
        guard seconds > 0, metres > 0 else { return nil }
        return metres / unit.metres / (seconds / 3600)
    }

    /// `5'30"/km`: a pace rounded to the second, in minutes and seconds as Fitness writes it (a clock's `5:30` reads
    /// as a time of day).
    static func paceText(_ secondsPerUnit: Double, _ unit: DistanceUnit) -> String {
        minutesAndSeconds(secondsPerUnit) + "/" + unit.symbol
    }

    /// `5'30"`.
    private static func minutesAndSeconds(_ seconds: Double) -> String {
        let total = WholeNumber.rounded(seconds)
        return "\(total / 60)'" + String(format: "%02d", total % 60) + "\""
    }

    /// A swim's pace, as swimmers read it: per 100 m, or per 100 yd for an owner who counts in miles (`2'05"/100 m`).
    static func swimPaceText(metres: Double, seconds: Double, unit: DistanceUnit) -> String? {
        let (length, name) = unit == .mile ? (91.44, "100 yd") : (100.0, "100 m")
        guard metres > 0, seconds > 0 else { return nil }
        return minutesAndSeconds(seconds / (metres / length)) + "/" + name
    }

    /// `24.5 km/h` or `15.2 mph`.
    static func speedText(_ perHour: Double, _ unit: DistanceUnit) -> String {
        String(format: "%.1f", perHour) + (unit == .mile ? " mph" : " km/h")
    }

    /// `0:23:00`, `1:02:03`: a duration rounded to the second, always with its hours, as Fitness writes a workout's
    /// time (`23:00` alone reads as eleven at night).
    static func duration(_ seconds: Double) -> String {
        let total = WholeNumber.rounded(seconds)
        return String(format: "%d:%02d:%02d", total / 3600, total % 3600 / 60, total % 60)
    }

    /// The pace (per 100 m for a swim; for ``showsSpeed(_:)`` activities the speed) over `metres` in `seconds`; nil
    /// without distance.
    static func text(_ activityType: HKWorkoutActivityType, metres: Double, seconds: Double, unit: DistanceUnit)
        -> String?
    {
        if showsSpeed(activityType) {
            return speed(in: unit, metres: metres, seconds: seconds).map { speedText($0, unit) }
        }
        if activityType == .swimming { return swimPaceText(metres: metres, seconds: seconds, unit: unit) }
        return secondsPer(unit, metres: metres, seconds: seconds).map { paceText($0, unit) }
    }
}
