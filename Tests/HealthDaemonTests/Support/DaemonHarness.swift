import Foundation
import HealthDaemon
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting
import OpenHealthKitWire

/// A real healthd serving a temporary store on a free loopback port, and the owner's side of it: the owner secret
/// (read from its file, as a person would), registration of apps, and answers to their permission requests.
final class DaemonHarness: Sendable {
    /// Where healthd runs.
    enum Host: Sendable {
        /// In this process (`HealthDaemon.start()`): for raw HTTP tests. Synchronous HKHealthStore calls made on
        /// Swift concurrency's threads would starve it, so store scenarios use a process.
        case inProcess(RunningHealthDaemon)
        /// The built `healthd` executable, as people run it.
        case process(Healthd)
    }

    let directory: URL
    /// The SQLite file, or where the owner secret and credential key live when the data is in PostgreSQL.
    let storePath: String
    /// The PostgreSQL database healthd keeps the data in, nil for the SQLite file.
    let database: TestDatabase?
    let address: URL
    let host: Host
    /// What healthd printed first (its address), for a healthd run as a process.
    var banner: String {
        guard case .process(let healthd) = host else { return "" }
        return healthd.banner
    }
    let ownerSecret: String
    private let rules = Locked<[String: @Sendable (AuthorizationRequest) -> AuthorizationAnswer]>([:])
    private let answering = Locked<Task<Void, Never>?>(nil)

    private init(directory: URL, address: URL, host: Host, database: TestDatabase? = nil) throws {
        self.directory = directory
        self.database = database
        storePath = directory.appendingPathComponent("health.sqlite").path
        self.address = address
        self.host = host
        ownerSecret = try String(contentsOfFile: storePath + ".owner-secret", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// A healthd in this process on a fresh store; `configure` changes its configuration (limits, timeouts).
    static func start(
        maximumBodySize: Int = 16 * 1024 * 1024, heartbeat: TimeInterval = 15,
        configure: (inout DaemonConfiguration) -> Void = { _ in }
    ) async throws -> DaemonHarness {
        let directory = try Healthd.temporaryDirectory()
        var configuration = DaemonConfiguration(
            port: 0, storePath: directory.appendingPathComponent("health.sqlite").path,
            maximumBodySize: maximumBodySize,
            heartbeatInterval: heartbeat)
        configure(&configuration)
        let running = try await HealthDaemon(configuration: configuration).start()
        return try DaemonHarness(directory: directory, address: running.address, host: .inProcess(running))
    }

    /// The `healthd` executable on a fresh store (in `database` when given), on a free port; with `logLevel`,
    /// everything it prints goes to ``logFile``. With `directory`, the owner secret and credential key are those
    /// another healthd keeps there (several healthd serving one database).
    static func launch(logLevel: String? = nil, database: TestDatabase? = nil, directory: URL? = nil) async throws
        -> DaemonHarness
    {
        let directory = try directory ?? Healthd.temporaryDirectory()
        var arguments = logLevel.map { ["--log-level", $0] } ?? []
        var environment: [String: String?] = [:]
        if let database {
            arguments += ["--database", database.url]
            environment["PGPASSWORD"] = database.password
            // healthd's own statements, for the user-filter audit (read when it stops).
            environment[StatementLog.variable] = directory.appendingPathComponent(Self.statementLog).path
        }
        let launched = try await Healthd.launch(
            directory: directory, arguments: arguments, environment: environment,
            log: logLevel == nil ? nil : directory.appendingPathComponent("healthd.log"))
        return try DaemonHarness(
            directory: directory, address: launched.address, host: .process(launched), database: database)
    }

    /// Where the store's data is, for an engine of this process on the same data.
    var location: HealthStoreConfiguration.Location {
        guard let database else { return .file(storePath) }
        return .postgreSQL(url: database.url, password: database.password)
    }

    /// Where a healthd launched with a log level writes.
    var logFile: URL { directory.appendingPathComponent("healthd.log") }

    /// The file a healthd launched on PostgreSQL writes its statements to (``StatementLog``).
    static let statementLog = "statements.log"

    func stop() async throws {
        try await shutDown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops healthd and keeps its files (store, secrets, log).
    func shutDown() async throws {
        answering.withLock { $0?.cancel() }
        switch host {
        case .inProcess(let running): try await running.stop()
        case .process(let healthd):
            await healthd.terminate()
            let log = directory.appendingPathComponent(Self.statementLog)
            if database != nil { await UserFilterAudit.shared.record(try StatementLog.statements(in: log)) }
        }
    }

    func url(_ path: String) -> URL { URL(string: address.absoluteString + path)! }

    /// A call to an owner route.
    func owner(_ method: String, _ path: String, json: (any Encodable)? = nil) async throws -> HTTPAnswer {
        try await HTTP.call(method, url(path), bearer: ownerSecret, json: json)
    }

    /// A call as an app.
    func app(_ credential: String?, _ method: String, _ path: String, json: (any Encodable)? = nil, body: Data? = nil)
        async throws -> HTTPAnswer
    {
        try await HTTP.call(method, url(path), bearer: credential, json: json, body: body)
    }

    /// Registers an app from property lists made from its manifest; returns the raw answer.
    func registration(_ manifest: AppManifest, lifetime: Double? = nil, entitlements: [String: Any]? = nil) async throws
        -> HTTPAnswer
    {
        let plists = try AppPlists(manifest, entitlements: entitlements)
        return try await owner(
            "POST", "/v1/owner/apps",
            json: WireAppRegistration(
                infoPlist: plists.info, entitlements: plists.entitlements, credentialLifetime: lifetime))
    }

    /// Registers an app and returns its credential.
    func register(_ manifest: AppManifest, lifetime: Double? = nil) async throws -> String {
        let answer = try await registration(manifest, lifetime: lifetime)
        guard answer.status == 201 else { throw HarnessError("registration failed: \(answer.status) \(answer.text)") }
        return try answer.decode(WireIssuedCredential.self).credential
    }

    /// Lets the app write and read heart rate, as the owner's Sources page does.
    func allowHeartRate(_ bundleIdentifier: String) async throws {
        let grant = WireGrant(Grant(share: .sharingAuthorized, read: .authorized))
        let answer = try await owner(
            "PUT", "/v1/owner/apps/\(bundleIdentifier)/grants",
            json: WireGrants(grants: [HKQuantityType(.heartRate).identifier: grant]))
        guard answer.status == 200 else { throw HarnessError("granting failed: \(answer.status) \(answer.text)") }
    }

    /// A store that talks to this healthd with a credential.
    func store(credential: String) -> HKHealthStore {
        HKHealthStore(configuration: HealthStoreConfiguration(remote: .init(address: address, credential: credential)))
    }

    /// Plays the owner: answers every permission request of `app` with `rule`, as the Health web app's sheet would.
    func answerRequests(of app: String, with rule: @escaping @Sendable (AuthorizationRequest) -> AuthorizationAnswer) {
        rules.withLock { $0[app] = rule }
        answering.withLock { task in
            guard task == nil else { return }
            task = Task { [self] in
                while !Task.isCancelled {
                    try? await answerPending()
                    try? await Task.sleep(for: .milliseconds(20))
                }
            }
        }
    }

    private func answerPending() async throws {
        let pending = try await owner("GET", "/v1/owner/authorization/pending").decode(WirePendingRequests.self)
        for request in pending.requests {
            guard let rule = rules.withLock({ $0[request.app.bundleIdentifier] }) else { continue }
            let manifest = AppManifest(bundleIdentifier: request.app.bundleIdentifier)
            let objects = try request.objects.map { objects in
                ObjectReadRequest(
                    type: try WireTypes.objectType(objects.type),
                    candidates: objects.candidates.map {
                        .init(key: $0.key, label: $0.label, allowedBefore: $0.allowedBefore)
                    })
            }
            let asked = AuthorizationRequest(
                app: manifest, toShare: try WireTypes.sampleTypes(request.toShare),
                toRead: try WireTypes.objectTypes(request.toRead), objects: objects)
            let answer = rule(asked)
            var wire = WireAuthorizationAnswer(
                allowedToShare: WireTypes.identifiers(answer.allowedToShare.map { $0 as HKObjectType }),
                allowedToRead: WireTypes.identifiers(answer.allowedToRead))
            if objects != nil { wire.allowedObjects = answer.allowedObjects.sorted() }
            _ = try await owner(
                "POST", "/v1/owner/authorization/\(request.id.uuidString)/answer", json: wire)
        }
    }
}

extension AppPlists {
    /// The property lists of the app `manifest` describes; `entitlements` replaces those its flags give.
    init(_ manifest: AppManifest, entitlements: [String: Any]? = nil) throws {
        try self.init(
            bundleIdentifier: manifest.bundleIdentifier, name: manifest.name, version: manifest.version,
            shareUsageDescription: manifest.shareUsageDescription,
            updateUsageDescription: manifest.updateUsageDescription,
            clinicalHealthRecordsShareUsageDescription: manifest.clinicalHealthRecordsShareUsageDescription,
            entitlements: entitlements ?? [
                "com.apple.developer.healthkit": manifest.hasHealthKitEntitlement,
                "com.apple.developer.healthkit.background-delivery": manifest.hasBackgroundDeliveryEntitlement,
            ])
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` with a healthd in this process on a fresh store, stopping it afterwards.
func withDaemon(
    maximumBodySize: Int = 16 * 1024 * 1024, heartbeat: TimeInterval = 15,
    configure: (inout DaemonConfiguration) -> Void = { _ in }, _ body: (DaemonHarness) async throws -> Void
) async throws {
    let daemon = try await DaemonHarness.start(
        maximumBodySize: maximumBodySize, heartbeat: heartbeat, configure: configure)
    do {
        try await body(daemon)
    } catch {
        try? await daemon.stop()
        throw error
    }
    try await daemon.stop()
}
