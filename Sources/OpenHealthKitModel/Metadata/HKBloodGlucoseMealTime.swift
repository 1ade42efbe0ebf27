/// How a blood glucose reading relates to a meal (``HKMetadataKeyBloodGlucoseMealTime``).
public enum HKBloodGlucoseMealTime: Int, Sendable, CaseIterable {
    /// Just before a meal.
    case preprandial = 1
    /// After a meal.
    case postprandial = 2
}
