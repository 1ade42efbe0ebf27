/// How often background delivery may wake an app for new samples of a type.
public enum HKUpdateFrequency: Int, Sendable, CaseIterable {
    case immediate = 1
    case hourly = 2
    case daily = 3
    case weekly = 4
}
