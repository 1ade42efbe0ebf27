import OpenHealthKit

extension CommandLineInput {
    /// The type named by a short name (`stepCount`, case-insensitive) or a raw identifier
    /// (`HKQuantityTypeIdentifierStepCount`).
    static func objectType(named name: String) throws -> HKObjectType {
        guard let type = HKObjectType.type(named: name) else {
            throw HKError.invalidArgument(
                "unknown type '\(name)': use a short name such as stepCount or a raw identifier such as "
                    + "HKQuantityTypeIdentifierStepCount (`hk types` lists them)"
            )
        }
        return type
    }
}
