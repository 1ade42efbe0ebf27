public import Foundation

extension HKWorkoutConfiguration: NSSecureCoding {
    /// Configurations are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the activity type, the location types and the lap length.
    public func encode(with coder: NSCoder) {
        coder.encode(Int(activityType.rawValue), forKey: "activityType")
        coder.encode(locationType.rawValue, forKey: "locationType")
        coder.encode(swimmingLocationType.rawValue, forKey: "swimmingLocationType")
        coder.encodeIfPresent(lapLength, forKey: "lapLength")
    }

    /// Unarchives a configuration; nil without known activity and location types, or with a lap length that is not a
    /// length.
    public convenience init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "activityType"),
            let activityType = HKWorkoutActivityType(
                rawValue: UInt(clamping: coder.decodeInteger(forKey: "activityType"))),
            let locationType = coder.decodeEnum(HKWorkoutSessionLocationType.self, forKey: "locationType"),
            let swimmingLocationType = coder.decodeEnum(
                HKWorkoutSwimmingLocationType.self, forKey: "swimmingLocationType")
        else { return nil }
        let lapLength = coder.decodeIfPresent(HKQuantity.self, forKey: "lapLength")
        if let lapLength, !lapLength.is(compatibleWith: .meter()) { return nil }
        self.init()
        self.activityType = activityType
        self.locationType = locationType
        self.swimmingLocationType = swimmingLocationType
        self.lapLength = lapLength
    }
}
