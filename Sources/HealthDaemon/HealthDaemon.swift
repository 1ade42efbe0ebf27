public import Foundation
import OpenHealthKitExchange
import OpenHealthKitModel
import HealthWeb
import Hummingbird
import HummingbirdCore
public import Logging
import OpenHealthKitEngine
import OpenHealthKitStores
import ServiceLifecycle
import UnixSignals

/// healthd: the user's health store served to apps over HTTP/JSON on loopback, with provisioning, permission
/// requests answered by the owner, a change stream and an audit log.
///
/// ```swift
/// let daemon = try HealthDaemon(configuration: DaemonConfiguration())
/// try await daemon.run()   // until SIGTERM or SIGINT: in-flight calls complete, then it exits
/// ```
public final class HealthDaemon: Sendable {
    /// How the daemon runs.
    public let configuration: DaemonConfiguration
    /// The owner secret when this start created it (the first start on a store), to show the owner once; nil later.
    public let newOwnerSecret: String?

    let logger: Logger
    /// The people served, each with their store, apps, requests, streams and audit log.
    let users: UserStates
    let authority: CredentialAuthority
    let smart: SMARTAuthorizationServer
    let healthLinks: HealthLinks
    let authenticator: Authenticator
    let bodies: BodyReader
    /// The reader of attachment uploads, whose bodies may be larger than any other.
    let attachmentBodies: BodyReader

    /// Opens the store (creating it, the owner secret and the credential key on first start, all 0600).
    public init(configuration: DaemonConfiguration, logger: Logger = Logger(label: "healthd")) throws {
        self.configuration = configuration
        self.logger = logger
        let address: PostgreSQLAddress?
        do {
            address = try configuration.database.map {
                try PostgreSQLAddress(url: $0, password: configuration.databasePassword)
            }
        } catch {
            throw DaemonStartError("--database: \(error)")
        }
        // The statement's shape, bounded, not its arguments: no health data in the log (StorageFailureText).
        let open: @Sendable (Int64) throws -> UserState = { [logger] user in
            let store = try OpenedStore.open(
                address.map { .postgreSQL($0, user: user) } ?? .file(configuration.storePath), waitsForDatabase: true,
                storageFailed: { error in logger.error("storage failure: \(StorageFailureText.bounded(error))") })
            return UserState(id: user, store: store, logger: logger)
        }
        do {
            let owner = try open(StoreLocation.ownerUserID)
            users =
                if let address {
                    UserStates(owner: owner, directory: OpenedStore.directory(at: address), open: open)
                } else {
                    UserStates(owner: owner)
                }
        } catch {
            throw DaemonStartError("cannot open the store at \(configuration.storeDescription): \(error)")
        }
        let owner = try SecretFile.loadOrCreate(at: configuration.ownerSecretPath)
        newOwnerSecret = owner.created ? owner.secret : nil
        let key = try SecretFile.loadOrCreate(at: configuration.credentialKeyPath)
        guard let keyBytes = Base64URL.decode(key.secret), keyBytes.count >= 32 else {
            throw DaemonStartError(
                "\(configuration.credentialKeyPath) does not hold a key: remove it to make a new one (issued credentials stop working)"
            )
        }
        authority = CredentialAuthority(key: Array(keyBytes))
        smart = SMARTAuthorizationServer(tokens: SMARTTokens(key: Array(keyBytes)))
        healthLinks = HealthLinks(key: Array(keyBytes))
        authenticator = Authenticator(ownerSecret: OwnerSecret(owner.secret), authority: authority, users: users)
        bodies = BodyReader(maximumSize: configuration.maximumBodySize)
        // An attachment's bytes come base64-encoded (4 characters per 3 bytes) in a JSON body.
        attachmentBodies = BodyReader(maximumSize: AttachmentValidation.maximumSize / 3 * 4 + (64 << 10))
        do {
            try users.owner.readiness.ensure()
        } catch is StorageUnavailableError where configuration.database != nil {
            // PostgreSQL is down or unreachable: serve anyway (503 until it returns; StoreReadiness logged why).
        } catch {
            throw DaemonStartError("cannot open the store at \(configuration.storeDescription): \(error)")
        }
    }

    /// Serves until SIGTERM or SIGINT, then shuts down gracefully: no new connections, change streams and waiting
    /// permission requests are closed, calls in flight complete (a write is answered only once committed).
    /// `onListening` receives the bound port.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let listened = Locked(false)
        let group = serviceGroup(signals: [.sigterm, .sigint]) { port in
            listened.withLock { $0 = true }
            await onListening(port)
        }
        do {
            try await group.run()
        } catch {
            if !listened.withLock({ $0 }) { forgetUnshownOwnerSecret() }
            throw error
        }
    }

    /// A first start that never listened never showed its new owner secret: the next start makes and shows one.
    private func forgetUnshownOwnerSecret() {
        if newOwnerSecret != nil { try? FileManager.default.removeItem(atPath: configuration.ownerSecretPath) }
    }

    /// Starts serving in the background (no signal handling) and returns once the port is bound: for tests and
    /// hosts that embed healthd.
    public func start() async throws -> RunningHealthDaemon {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let group = serviceGroup(signals: []) { port in
            portContinuation.yield(port)
            portContinuation.finish()
        }
        let task = Task {
            // A server that cannot bind ends here: the wait for the port below ends too.
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            forgetUnshownOwnerSecret()
            try await task.value
            throw DaemonStartError("healthd stopped before it listened")
        }
        return RunningHealthDaemon(host: configuration.host, port: port, group: group, task: task)
    }

    private func serviceGroup(signals: [UnixSignal], onListening: @escaping @Sendable (Int) async -> Void)
        -> ServiceGroup
    {
        // A connection silent for the idle timeout (between requests, or stalled in a request's head or body) is
        // closed; past the most connections, new ones wait to be accepted (see docs/HEALTHD.md, Limits).
        let application = Application(
            router: makeRouter(),
            server: .http1(
                configuration: HTTP1Channel.Configuration(
                    idleTimeout: .nanoseconds(Int64(configuration.idleTimeout * 1e9)))),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "healthd",
                availableConnectionsDelegate: .maximum(configuration.maximumConnections, logger: logger)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        // Services shut down in reverse order: the closer first, so that long-lived responses end before the
        // server waits for its connections to drain.
        let closer = ShutdownCloser(onStart: { [users] in users.start() }) { [users] in users.close() }
        var group = ServiceGroupConfiguration(
            services: [.init(service: application), .init(service: closer)], gracefulShutdownSignals: signals,
            logger: logger)
        // Calls still running after the grace period are cancelled and their connections closed: a stuck call never
        // keeps SIGTERM from stopping healthd. No bound on the cancellation itself: ServiceLifecycle enforces one
        // with a fatal error, which would crash healthd (and any process embedding it) instead of stopping it.
        group.maximumGracefulShutdownDuration = .seconds(configuration.shutdownGracePeriod)
        return ServiceGroup(configuration: group)
    }

    func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let allowed = Locked(AllowedMethods())
        let web = webApp()
        router.add(middleware: ErrorMiddleware(allowed: allowed) { await web.unroutedPage($0, status: $1) })
        router.add(
            middleware: StoreGate(readiness: users.owner.readiness, unavailablePage: { await web.unavailablePage($0) }))
        PublicRoutes().add(to: router)
        // The apps' routes: the middleware finds the app from its credential before any handler runs.
        let apps = router.group(context: AppContext.self)
            .add(middleware: CallerAuthentication { [authenticator] in try await authenticator.requireApp($0) })
        AppDataRoutes(bodies: bodies).add(to: apps)
        AuthorizationRoutes(bodies: bodies, configuration: configuration).add(to: apps)
        ChangeStreamRoutes(configuration: configuration, authenticator: authenticator).add(to: apps)
        BackgroundDeliveryRoutes(bodies: bodies).add(to: apps)
        StatisticsRoutes(bodies: bodies).add(to: apps)
        WorkoutRoutes(bodies: bodies).add(to: apps)
        ActivitySummaryRoutes(bodies: bodies).add(to: apps)
        SampleDetailRoutes(bodies: bodies).add(to: apps)
        RecordRoutes(bodies: bodies, attachmentBodies: attachmentBodies, configuration: configuration).add(to: apps)
        PreferredUnitRoutes(bodies: bodies).add(to: apps)
        // The owner's routes (`/v1/owner/...`): the middleware finds the owner who signed in.
        let owner = router.group(context: OwnerContext.self)
            .add(middleware: CallerAuthentication { [authenticator] in try await authenticator.requireOwner($0) })
        OwnerAppRoutes(bodies: bodies, configuration: configuration, authority: authority, logger: logger).add(
            to: owner)
        OwnerAuthorizationRoutes(bodies: bodies, logger: logger).add(to: owner)
        OwnerDataRoutes(bodies: bodies).add(to: owner)
        OwnerMedicationRoutes(bodies: bodies).add(to: owner)
        SourcePriorityRoutes(bodies: bodies).add(to: owner)
        OwnerWebhookRoutes(bodies: bodies).add(to: owner)
        // Pushes from phone apps: the middleware finds the ingest key, which reaches this route alone.
        let ingest = router.group(context: IngestContext.self)
            .add(middleware: CallerAuthentication { [authenticator] in try await authenticator.requireIngestKey($0) })
        IngestRoutes(configuration: configuration, logger: logger).add(to: ingest)
        FHIRRoutes(configuration: configuration, authenticator: authenticator, smart: smart, users: users).add(
            to: router)
        HealthLinkRoutes(configuration: configuration, links: healthLinks, users: users).add(to: router)
        web.addRoutes(to: router)
        allowed.withLock { $0 = AllowedMethods(router.routes) }
        return router
    }
}

/// A healthd serving in the background; stop it to shut it down gracefully.
public final class RunningHealthDaemon: Sendable {
    /// The port it listens on (the one picked when the configuration asked for 0).
    public let port: Int
    /// `http://<host>:<port>`.
    public let address: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(host: String, port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.port = port
        address = URL(string: "http://\(host):\(port)")!
        self.group = group
        self.task = task
    }

    /// Shuts down gracefully and waits until it has.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}

/// Runs `onStart` when the services start and `onShutdown` when graceful shutdown begins.
private struct ShutdownCloser: Service {
    let onStart: @Sendable () -> Void
    let onShutdown: @Sendable () -> Void

    func run() async throws {
        onStart()
        try? await gracefulShutdown()
        onShutdown()
    }
}
