import Foundation

/// One bar of a chart, in the unit shown: a total, a count or a daily average (`value`), or, for discrete types, the
/// lowest, average and highest value of the interval; a second range for a pair (diastolic beside systolic); a
/// value drawn behind the bar (time in bed behind time asleep).
struct ChartPoint: Sendable {
    let interval: DateInterval
    var value: Double? = nil
    var low: Double? = nil
    var average: Double? = nil
    var high: Double? = nil
    /// The second series of a pair (blood pressure: diastolic).
    var secondLow: Double? = nil
    var secondAverage: Double? = nil
    var secondHigh: Double? = nil
    /// Drawn lighter, behind `value` (sleep: time in bed).
    var background: Double? = nil
    /// The interval for people: `Mon 14 Nov`, `14:00–15:00`, `March 2026`.
    var label: String = ""
    /// The interval's figures for people: `8,123 steps`, `60–120 BPM, average 72 BPM`, `No data`.
    var figures: String = "No data"

    /// Whether the interval has anything to draw.
    var hasData: Bool { value != nil || low != nil || background != nil }

    /// What a screen reader says, and the chart's readout shows, for this bar: `Mon 14 Nov: 8,123 steps`.
    var spoken: String { label + ": " + figures }
}
