/// Whether a night's breathing disturbances (`HKQuantityTypeIdentifier.appleSleepingBreathingDisturbances`, a count
/// per hour of sleep) are elevated, as the Health app labels them.
///
/// HealthKit's boundary: 11 disturbances and more are elevated.
public enum HKAppleSleepingBreathingDisturbancesClassification: Int, Sendable, CaseIterable {
    case notElevated = 0
    case elevated = 1

    /// The classification of a breathing disturbances value; nil when it cannot be classified: a quantity that is
    /// not a count, or a negative one.
    public init?(classifying appleSleepingBreathingDisturbances: HKQuantity) {
        guard appleSleepingBreathingDisturbances.is(compatibleWith: .count()) else { return nil }
        let value = appleSleepingBreathingDisturbances.doubleValue(for: .count())
        guard value >= 0 else { return nil }
        self = value < Self.elevatedMinimum ? .notElevated : .elevated
    }

    /// The smallest value of the classification, as a count: 0 for ``notElevated``, 11 for ``elevated``.
    public var minimum: HKQuantity {
        HKQuantity(unit: .count(), doubleValue: self == .elevated ? Self.elevatedMinimum : 0)
    }

    private static let elevatedMinimum = 11.0

    /// Every classification, in raw value order.
    public static var allCases: [Self] { [.notElevated, .elevated] }
    /// The type of ``allCases``.
    public typealias AllCases = [Self]
}
