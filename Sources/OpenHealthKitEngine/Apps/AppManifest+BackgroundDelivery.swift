package import OpenHealthKitModel

extension AppManifest {
    /// HealthKit's checks before enabling background delivery: a provisioned app with the background-delivery
    /// entitlement (`errorAuthorizationDenied` otherwise), and a type other than a correlation type.
    package func checkBackgroundDelivery(for type: HKObjectType) throws {
        try checkProvisioning()
        guard hasBackgroundDeliveryEntitlement else {
            throw HKError(
                .errorAuthorizationDenied, "Missing com.apple.developer.healthkit.background-delivery entitlement.")
        }
        if type is HKCorrelationType {
            throw HKError.invalidArgument(
                "\(type.identifier) is a correlation type, which background delivery does not support")
        }
    }
}
