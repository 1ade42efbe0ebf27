import Foundation
import OpenHealthKit

/// Stores for tests: each on its own in-memory database, acting for an app whose permission sheets are answered
/// by a rule.
enum TestStores {
    static func app(_ bundleIdentifier: String = "com.example.app") -> AppManifest {
        AppManifest(
            bundleIdentifier: bundleIdentifier, name: bundleIdentifier.components(separatedBy: ".").last, version: "3",
            shareUsageDescription: "Reads your data to show trends.", updateUsageDescription: "Saves what you record.")
    }

    /// A fresh database name; stores made with the same name share the data.
    static func database() -> HealthStoreConfiguration.Location {
        .memory(name: UUID().uuidString)
    }

    static func store(
        app: AppManifest = app(), database: HealthStoreConfiguration.Location,
        answer: @escaping @Sendable (AuthorizationRequest) -> AuthorizationAnswer = AuthorizationAnswer.allowAll
    ) -> HKHealthStore {
        HKHealthStore(
            configuration: HealthStoreConfiguration(location: database, app: app, answerer: RuleAnswerer(answer)))
    }
}
