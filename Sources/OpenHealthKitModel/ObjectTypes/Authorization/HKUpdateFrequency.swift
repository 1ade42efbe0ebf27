/// How often background delivery may wake an app for new samples of a type.
public enum HKUpdateFrequency: Int, Sendable, CaseIterable {
    /// As soon as possible after a change.
    case immediate = 1
    /// At most once an hour.
    case hourly = 2
    /// At most once a day.
    case daily = 3
    /// At most once a week.
    case weekly = 4
}
