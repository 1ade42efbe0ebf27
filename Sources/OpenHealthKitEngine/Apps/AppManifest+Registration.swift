import OpenHealthKitModel

extension AppManifest {
    /// What registering an app requires: HealthKit's provisioning (an explicit App ID, the HealthKit entitlement)
    /// and at least one usage description, none of them blank.
    package func checkRegistration() throws {
        try checkProvisioning()
        if shareUsageDescription == nil && updateUsageDescription == nil {
            throw HKError.invalidArgument(
                "NSHealthShareUsageDescription or NSHealthUpdateUsageDescription must be set in the app's Info.plist")
        }
        // The request-time checks, for each description present: a blank one is refused with HealthKit's message.
        try checkUsageDescriptions(
            share: updateUsageDescription == nil ? [] : ["write"], read: shareUsageDescription == nil ? [] : ["read"])
    }
}
