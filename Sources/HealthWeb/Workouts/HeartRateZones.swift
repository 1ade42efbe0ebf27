import Foundation

/// Five heart rate zones, as Apple's Workout app shows five: zone 1 below 60 %, zone 2 from 60 %, zone 3 from 70 %,
/// zone 4 from 80 %, zone 5 from 90 %, of the heart rate reserve (the span from the resting heart rate to the
/// maximum, as the Workout app computes its zones) when a resting heart rate is known, else of the maximum. The maximum
/// is 220 minus the owner's age on the workout's day when the date of birth is known, else ``defaultMaximum`` (the
/// maximum at 30).
///
/// Time in a zone: each reading holds from its time until the next reading, at most ``maximumHold`` seconds (a
/// reading says nothing about the minutes after a gap), and only while the workout runs (pauses count in no zone).
/// The zones' times may therefore add up to less than the workout's duration.
struct HeartRateZones: Sendable, Equatable {
    /// The maximum heart rate assumed without a date of birth: 220 − 30.
    static let defaultMaximum = 190.0
    /// The longest a reading counts for, seconds.
    static let maximumHold: TimeInterval = 60
    /// Each zone's lower bound, as a share of the maximum (zone 1 has none).
    static let lowerShares = [0.6, 0.7, 0.8, 0.9]

    /// Beats per minute.
    let maximum: Double
    /// Whether ``maximum`` comes from a date of birth.
    let isFromAge: Bool
    /// Beats per minute at rest, when known and below the maximum: the zones are shares of the reserve above it.
    let resting: Double?

    init(maximum: Double, isFromAge: Bool, resting: Double? = nil) {
        self.maximum = maximum
        self.isFromAge = isFromAge
        self.resting = resting.flatMap { $0 > 0 && $0 < maximum ? $0 : nil }
    }

    /// The zones of someone born on `birthday` (nil: not known), on `day`, resting at `resting` beats per minute.
    init(birthday: DateComponents?, on day: Date, calendar: Calendar, resting: Double? = nil) {
        guard let birthday, let born = calendar.date(from: birthday), born <= day,
            let age = calendar.dateComponents([.year], from: born, to: day).year
        else {
            self.init(maximum: Self.defaultMaximum, isFromAge: false, resting: resting)
            return
        }
        self.init(maximum: Double(220 - age), isFromAge: true, resting: resting)
    }

    /// The lower bounds of zones 2 to 5, in beats per minute, rounded to whole beats.
    var lowerBounds: [Double] {
        let floor = resting ?? 0
        return Self.lowerShares.map { (floor + $0 * (maximum - floor)).rounded() }
    }

    /// The zone (1 to 5) of a heart rate.
    func zone(of beatsPerMinute: Double) -> Int {
        1 + lowerBounds.filter { beatsPerMinute >= $0 }.count
    }

    /// The seconds spent in each zone (index 0 is zone 1), from readings `(time, beats per minute)` in any order,
    /// counting only the time inside `running` (the workout's active spans, in order).
    func secondsInZones(_ readings: [(date: Date, beatsPerMinute: Double)], running: [DateInterval]) -> [TimeInterval] {
        var seconds = [TimeInterval](repeating: 0, count: 5)
        let ordered = readings.sorted { $0.date < $1.date }
        for (index, reading) in ordered.enumerated() {
            var until = reading.date.addingTimeInterval(Self.maximumHold)
            if index + 1 < ordered.count { until = min(until, ordered[index + 1].date) }
            seconds[zone(of: reading.beatsPerMinute) - 1] += WorkoutSplits.runningSeconds(
                from: reading.date, to: until, running: running)
        }
        return seconds
    }
}
