public import Foundation

/// What a workout records: its activity type, where it takes place and, for pool swimming, the lap length.
///
/// A new configuration is an `other` activity at an `unknown` location, with no swimming location and no lap
/// length. Configurations are copied where HealthKit copies them (a session, an activity and a data source keep
/// their own copy), so changing one later changes nothing that was built from it.
public final class HKWorkoutConfiguration: NSObject, NSCopying, @unchecked Sendable {
    private struct Values: Equatable {
        var activityType = HKWorkoutActivityType.other
        var locationType = HKWorkoutSessionLocationType.unknown
        var swimmingLocationType = HKWorkoutSwimmingLocationType.unknown
        var lapLength: HKQuantity?
    }

    private let values: Locked<Values>

    /// A configuration for an `other` activity at an unknown location.
    public override init() {
        values = Locked(Values())
        super.init()
    }

    private init(_ copied: Values) {
        values = Locked(copied)
        super.init()
    }

    /// The kind of activity.
    public var activityType: HKWorkoutActivityType {
        get { values.withLock { $0.activityType } }
        set { values.withLock { $0.activityType = newValue } }
    }

    /// Whether the workout takes place indoors or outdoors.
    public var locationType: HKWorkoutSessionLocationType {
        get { values.withLock { $0.locationType } }
        set { values.withLock { $0.locationType = newValue } }
    }

    /// Where a swimming workout takes place: a pool or open water.
    public var swimmingLocationType: HKWorkoutSwimmingLocationType {
        get { values.withLock { $0.swimmingLocationType } }
        set { values.withLock { $0.swimmingLocationType = newValue } }
    }

    /// The length of a pool lap; nil when not set. A quantity that is not a length raises, as in HealthKit.
    public var lapLength: HKQuantity? {
        get { values.withLock { $0.lapLength } }
        set {
            if let newValue {
                Result { () throws(HKError) in
                    try QuantityValidation.validate(newValue, compatibleWith: .meter(), label: "lapLength")
                }.getOrRaise()
            }
            values.withLock { $0.lapLength = newValue }
        }
    }

    /// A configuration with the same values.
    public func copy(with zone: NSZone? = nil) -> Any {
        HKWorkoutConfiguration(values.withLock { $0 })
    }

    /// Configurations are equal when all their values are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutConfiguration else { return false }
        return other === self || other.values.withLock { $0 } == values.withLock { $0 }
    }

    /// The hash of the activity and location types.
    public override var hash: Int {
        let current = values.withLock { $0 }
        var hasher = Hasher()
        hasher.combine(current.activityType)
        hasher.combine(current.locationType)
        hasher.combine(current.swimmingLocationType)
        return hasher.finalize()
    }

    /// The values, for debugging.
    public override var description: String {
        let current = values.withLock { $0 }
        return "<HKWorkoutConfiguration activityType:\(current.activityType.rawValue) "
            + "locationType:\(current.locationType.rawValue) "
            + "swimmingLocationType:\(current.swimmingLocationType.rawValue) lapLength:\(String(describing: current.lapLength))>"
    }
}
