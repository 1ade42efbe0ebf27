import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting
import OpenHealthKitStores

/// Stores for tests: each on its own in-memory database, acting for an app whose permission sheets are answered
/// by a rule.
enum TestStores {
    static func app(_ bundleIdentifier: String = "com.example.app") -> AppManifest {
        AppManifest(
            bundleIdentifier: bundleIdentifier, name: bundleIdentifier.components(separatedBy: ".").last, version: "3",
            shareUsageDescription: "Reads your data to show trends.", updateUsageDescription: "Saves what you record.")
    }

    /// A fresh database: an in-memory SQLite one (stores made with the same location share the data), or, when
    /// `OPENHEALTHKIT_TEST_DATABASE=postgresql` (Scripts/test runs the suite that way too), a new database on the
    /// test process's throwaway PostgreSQL server.
    static func database() -> HealthStoreConfiguration.Location {
        guard let (url, password) = postgreSQLDatabase() else { return .memory(name: UUID().uuidString) }
        return .postgreSQL(url: url, password: password)
    }

    /// ``database()`` as the engine names it, for the suites that make an engine of their own.
    static func storeLocation() -> StoreLocation {
        guard let (url, password) = postgreSQLDatabase() else { return .memory }
        return .postgreSQL(try! PostgreSQLAddress(url: url, password: password))
    }

    /// A new PostgreSQL database and its password, when the suite runs on PostgreSQL.
    private static func postgreSQLDatabase() -> (url: String, password: String)? {
        guard ProcessInfo.processInfo.environment["OPENHEALTHKIT_TEST_DATABASE"] == "postgresql" else { return nil }
        do {
            let server = try PostgreSQLServer.sharedNow()
            return (try server.createMigratedDatabaseNow(), server.password)
        } catch {
            fatalError("OPENHEALTHKIT_TEST_DATABASE=postgresql, but no PostgreSQL server: \(error)")
        }
    }

    static func store(
        app: AppManifest = app(), database: HealthStoreConfiguration.Location,
        answer: @escaping @Sendable (AuthorizationRequest) -> AuthorizationAnswer = AuthorizationAnswer.allowAll
    ) -> HKHealthStore {
        HKHealthStore(
            configuration: HealthStoreConfiguration(location: database, app: app, answerer: RuleAnswerer(answer)))
    }
}
