import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitWire
import OpenHealthKitTesting

/// The places a store's data can live: one suite runs its scenario on each, and each must behave the same. The
/// engine runs in this process or in healthd, on SQLite or on PostgreSQL (a fresh database of the test process's
/// throwaway server).
enum StoreBackend: String, CaseIterable, Codable, CustomStringConvertible, Sendable {
    /// The engine in this process, on an in-memory SQLite database.
    case embedded
    /// A real healthd (the built executable) on loopback, reached over HTTP (`HKHealthStore` configured with a
    /// remote), on its SQLite file.
    case remote
    /// The engine in this process, on PostgreSQL.
    case embeddedPostgreSQL
    /// A real healthd on PostgreSQL (`--database`, the password in `PGPASSWORD`).
    case remotePostgreSQL

    var description: String { rawValue }

    /// Whether its worlds live on the test PostgreSQL server.
    var usesPostgreSQL: Bool { self == .embeddedPostgreSQL || self == .remotePostgreSQL }

    /// A fresh, empty world of this backend.
    func world() async throws -> StoreWorld {
        switch self {
        case .embedded: return StoreWorld(embedded: .memory(name: UUID().uuidString))
        case .remote: return StoreWorld(daemon: try await DaemonHarness.launch())
        case .embeddedPostgreSQL:
            let database = try await TestDatabase.make(migrated: true)
            return StoreWorld(embedded: .postgreSQL(url: database.url, password: database.password))
        case .remotePostgreSQL:
            return StoreWorld(daemon: try await DaemonHarness.launch(database: try await .make(migrated: true)))
        }
    }
}

/// A fresh database on the test process's PostgreSQL server, and the password to sign in with.
struct TestDatabase: Sendable {
    let url: String
    let password: String

    /// The database's name (the URL's path).
    var name: String { String(url.split(separator: "/").last ?? "") }

    /// An empty database, or one `migrated` to the current schema.
    static func make(migrated: Bool = false) async throws -> TestDatabase {
        let server = try await PostgreSQLServer.shared()
        let url = migrated ? try await server.createMigratedDatabase() : try await server.createDatabase()
        return TestDatabase(url: url, password: server.password)
    }
}

/// One store shared by several apps, on either backend, with the user's side: their answers to permission sheets
/// and their characteristics.
final class StoreWorld: Sendable {
    let location: HealthStoreConfiguration.Location?
    let daemon: DaemonHarness?

    init(embedded location: HealthStoreConfiguration.Location) {
        self.location = location
        daemon = nil
    }

    init(daemon: DaemonHarness) {
        location = nil
        self.daemon = daemon
    }

    /// A store acting for `app`, whose permission sheets the user answers with `answer`.
    func store(
        _ app: AppManifest = Apps.app(),
        answer: @escaping @Sendable (AuthorizationRequest) -> AuthorizationAnswer = AuthorizationAnswer.allowAll
    ) async throws -> HKHealthStore {
        if let daemon {
            daemon.answerRequests(of: app.bundleIdentifier, with: answer)
            return daemon.store(credential: try await daemon.register(app))
        }
        return HKHealthStore(
            configuration: HealthStoreConfiguration(location: location!, app: app, answerer: RuleAnswerer(answer)))
    }

    /// The configuration of a store acting for `app` (registering it with healthd).
    func configuration(_ app: AppManifest) async throws -> HealthStoreConfiguration {
        if let daemon {
            return HealthStoreConfiguration(
                remote: .init(address: daemon.address, credential: try await daemon.register(app)))
        }
        return HealthStoreConfiguration(
            location: location!, app: app, answerer: RuleAnswerer(AuthorizationAnswer.allowAll))
    }

    /// A store for `app` already allowed to write and read `types`.
    func authorizedStore(_ app: AppManifest = Apps.app(), for types: Set<HKSampleType>) async throws -> HKHealthStore {
        let store = try await store(app)
        try await store.requestAuthorization(toShare: types, read: types)
        return store
    }

    /// The user sets a characteristic (stored form: raw value, or yyyy-MM-dd).
    func setCharacteristic(_ type: HKCharacteristicTypeIdentifier, _ value: String?) async throws {
        if let daemon {
            let answer = try await daemon.owner(
                "PUT", "/v1/owner/characteristics/\(type.rawValue)",
                json: WireCharacteristic(type: type.rawValue, value: value))
            guard answer.status == 200 else { throw HarnessError("setting \(type.rawValue) failed: \(answer.text)") }
        } else {
            try await EngineRegistry.engine(for: location!).setCharacteristic(type, to: value)
        }
    }

    /// The user orders the sources of a quantity type (Data Sources & Access).
    func setSourcePriority(_ bundleIdentifiers: [String], for type: HKQuantityType) async throws {
        if let daemon {
            let answer = try await daemon.owner(
                "PUT", "/v1/owner/sources/priority",
                json: WireSourcePriority(type: type.identifier, sources: bundleIdentifiers))
            guard answer.status == 200 else { throw HarnessError("setting the source priority failed: \(answer.text)") }
        } else {
            try await EngineRegistry.engine(for: location!).setSourcePriority(bundleIdentifiers, for: type)
        }
    }

    /// The user changes an app's decisions, as on the Sources page.
    func setGrants(_ grants: [HKObjectType: Grant], app: String) async throws {
        let changed = Dictionary(uniqueKeysWithValues: grants.map { ($0.key.identifier, $0.value) })
        if let daemon {
            let answer = try await daemon.owner(
                "PUT", "/v1/owner/apps/\(app)/grants", json: WireGrants(grants: changed.mapValues(WireGrant.init)))
            guard answer.status == 200 else { throw HarnessError("setting the grants failed: \(answer.text)") }
        } else {
            try await EngineRegistry.engine(for: location!).setGrants(changed, app: app)
        }
    }

    /// Stores activity summaries as a Health export import does (the engine's import batch). healthd's store is
    /// written from this process, as `hk` writes a store file healthd serves: healthd hears of it by polling the file.
    func importActivitySummaries(_ rows: [ActivitySummaryRow]) async throws {
        var batch = ImportBatch()
        batch.activitySummaries = rows
        try await importBatch(batch)
    }

    /// Stores what a Health export import stores, as `hk import` does (see ``importActivitySummaries(_:)``).
    func importBatch(_ batch: ImportBatch) async throws {
        if let daemon {
            let location = daemon.location
            defer { EngineRegistry.close(location) }
            _ = try await EngineRegistry.engine(for: location).importBatch(batch)
        } else {
            _ = try await EngineRegistry.engine(for: location!).importBatch(batch)
        }
    }

    /// The user chooses a preferred unit, as on the Health web app's Me page: through the embedded store's engine,
    /// or, with healthd, from this process on healthd's store (its file or database, as another process would).
    func setPreferredUnit(_ unit: HKUnit, for type: HKQuantityType) async throws {
        if let daemon {
            let location = daemon.location
            defer { EngineRegistry.close(location) }
            try await EngineRegistry.engine(for: location).setPreferredUnit(unit, for: type)
        } else {
            try await EngineRegistry.engine(for: location!).setPreferredUnit(unit, for: type)
        }
    }

    /// healthd's audit log of `app` since `since` (nil on the embedded store, which keeps none).
    func auditLog(of app: String, since: Date) async throws -> [WireAuditEntry]? {
        guard let daemon else { return nil }
        return try await daemon.owner("GET", "/v1/owner/audit?app=\(app)&since=\(since.timeIntervalSince1970)").decode(
            WireAuditLog.self
        ).entries
    }

    func close() async throws {
        try await daemon?.stop()
        if let location { EngineRegistry.close(location) }
    }
}

/// Apps for the scenarios.
enum Apps {
    static func app(_ bundleIdentifier: String = "com.example.app") -> AppManifest {
        AppManifest(
            bundleIdentifier: bundleIdentifier, name: bundleIdentifier.components(separatedBy: ".").last, version: "3",
            shareUsageDescription: "Reads your data to show trends.", updateUsageDescription: "Saves what you record.")
    }
}

/// Runs `body` in a fresh world of `backend`, closing it afterwards; on PostgreSQL once ``PostgreSQLAdmission``
/// admits it.
func withWorld(_ backend: StoreBackend, _ body: (StoreWorld) async throws -> Void) async throws {
    guard backend.usesPostgreSQL else { return try await inFreshWorld(backend, body) }
    try await PostgreSQLAdmission.shared.admitted {
        await UserFilterAudit.shared.start()
        try await inFreshWorld(backend, body)
        let unfiltered = try await UserFilterAudit.shared.unfiltered()
        #expect(unfiltered.isEmpty, "statements on user tables without a user_id filter: \(unfiltered)")
    }
}

private func inFreshWorld(_ backend: StoreBackend, _ body: (StoreWorld) async throws -> Void) async throws {
    let world = try await backend.world()
    do {
        try await body(world)
    } catch {
        try? await world.close()
        throw error
    }
    try await world.close()
}
