import Foundation
import HealthKit

/// Stores for the step counter's tests: each on a fresh in-memory database, for an app whose permission requests
/// are all allowed (OpenHealthKit's configuration; the rest of the tests is HealthKit's API only).
enum TestStores {
    static let app = AppManifest(
        bundleIdentifier: "org.openhealthkit.example.stepcounter", name: "Step Counter",
        shareUsageDescription: "Step Counter shows your steps and heart rate.",
        updateUsageDescription: "Step Counter saves the steps you walk.")

    /// A store on a new database whose app may read and write steps and heart rates.
    static func authorized() async throws -> HKHealthStore {
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(
                location: .memory(name: UUID().uuidString), app: app,
                answerer: RuleAnswerer { AuthorizationAnswer.allowAll($0) }))
        let types: Set = [HKQuantityType(.stepCount), HKQuantityType(.heartRate)]
        try await store.requestAuthorization(toShare: types, read: types)
        return store
    }

    /// `count` steps counted now.
    static func steps(_ count: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: count),
            start: Date(), end: Date())
    }

    /// A heart rate measured now.
    static func heartRate(_ beatsPerMinute: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: HKQuantityType(.heartRate),
            quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: beatsPerMinute),
            start: Date(), end: Date())
    }
}
