/// A classification of the steadiness of the user's gait, with HealthKit's raw values.
///
/// HealthKit classifies a Walking Steadiness value (`init(for:)`) and gives each class's range (`minimum`,
/// `maximum`) with boundaries it does not publish; OpenHealthKit leaves those three members out rather than guess them
/// (docs/decisions/0017-leave-out-what-cannot-exist-off-a-device.md).
public enum HKAppleWalkingSteadinessClassification: Int, Sendable, CaseIterable {
    /// The stability of the user's gait is within the normal range.
    case ok = 1
    /// The stability of the user's gait is below normal.
    case low = 2
    /// The stability of the user's gait is considerably below normal.
    case veryLow = 3

    /// Every classification, in raw value order.
    public static var allCases: [Self] { [.ok, .low, .veryLow] }
    /// The type of ``allCases``.
    public typealias AllCases = [Self]
}
