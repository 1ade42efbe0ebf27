import Foundation
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel

/// Everything healthd keeps for one person it serves: their store (the engine, and healthd's records beside the
/// data), their registered apps, their permission requests waiting for an answer, their apps' open change streams,
/// the writer of their audit log, the background delivery to their apps, their webhooks, and whether those records were read yet.
///
/// Nothing in one user's state reaches another's: a route finds the state through who is calling (an app's
/// credential names its user, the owner signs in as one), never through a parameter of the request.
final class UserState: Sendable {
    /// The user's id in the store (`StoreLocation.ownerUserID` for the one owner of a SQLite store).
    let id: Int64
    let engine: HealthEngine
    /// healthd's records beside the data (apps, pending requests, audit log), in the engine's database.
    let records: any DaemonRecordStorage
    let registry: AppRegistry
    let pending: PendingAuthorizations
    let streams = LiveStreams()
    let auditor: Auditor
    let waker: BackgroundWaker
    /// The delivery of the owner's webhook subscriptions.
    let webhooks: WebhookDispatcher
    /// What the user shares with other people of the database and receives from them; nil for the one owner of a
    /// SQLite store, who has no one to share with.
    let personShares: (any PersonShareStorage)?
    /// Whether the records above were read from the store (they are once its database answers).
    let readiness: StoreReadiness
    private let logger: Logger

    /// The state of the user whose store opened as `store`; nothing is read until ``readiness`` is ensured.
    init(id: Int64, store: OpenedStore, logger: Logger) {
        self.id = id
        engine = store.engine
        self.logger = logger
        records = engine.storage
        registry = AppRegistry(storage: records, shared: store.shared)
        personShares = store.shared
        pending = PendingAuthorizations(
            engine: engine, records: records, shared: store.shared, registry: registry, logger: logger)
        auditor = Auditor(records: records, logger: logger)
        waker = BackgroundWaker(
            engine: engine, shared: store.shared, registry: registry, streams: streams, logger: logger)
        webhooks = WebhookDispatcher(engine: engine, owner: Self.webhookReader, logger: logger)
        readiness = StoreReadiness(logger: logger) { [registry, pending, waker] in
            try registry.load()
            try pending.load()
            try waker.load()
        }
    }

    /// Starts waking the user's apps (background delivery) and delivering their webhooks.
    func start() {
        waker.start()
        webhooks.start()
    }

    /// Who reads the changes a webhook delivers: the owner, through healthd.
    private static let webhookReader = Principal.owner(
        source: SourceRow(bundleIdentifier: "org.openhealthkit.owner.healthd", name: "healthd"))

    /// Stops for good: background delivery ends, open change streams and waiting permission requests close.
    func close() {
        waker.stop()
        webhooks.stop()
        streams.closeAll()
        pending.closeAll()
    }

    /// Whether other healthd instances serve this user too (one PostgreSQL database): what they announce is heard
    /// (``heard(_:)``), and an app's call reads its app's record first.
    var sharesRecords: Bool { registry.shared != nil }

    /// What another healthd announced about this user's records: it is read again here. Blocking: off Swift
    /// concurrency's threads.
    func heard(_ event: DaemonEvent) {
        do {
            switch event {
            case .apps: try refreshApps()
            case .pending, .answered: pending.heard(event)
            case .callbacks: try waker.load()
            }
        } catch {
            logger.error("could not read again what another healthd changed: \(error)")
        }
    }

    /// Reads every record another healthd may have changed (notifications may have been missed). Blocking.
    func refreshAll() {
        for event in [DaemonEvent.apps, .pending, .callbacks] { heard(event) }
    }

    /// Reads the registry again; apps revoked through another healthd lose their change streams and waiting
    /// permission requests here too. Blocking.
    func refreshApps() throws {
        try registry.load()
        for app in registry.apps() where app.revokedAt != nil {
            streams.close(app: app.bundleIdentifier)
            pending.cancel(app: app.bundleIdentifier)
        }
    }

    /// The app with this bundle identifier, or nil. When other healthd share the records, its record is read again
    /// (off Swift concurrency's threads) before an app's call or an owner's look at it: another may have registered or
    /// revoked it a moment ago, before its announcement arrived. If it was revoked, its streams and waiting requests
    /// here end too.
    @discardableResult
    func refreshApp(_ bundleIdentifier: String) async throws -> RegisteredApp? {
        guard sharesRecords else { return registry.app(bundleIdentifier) }
        let app = try await offload { [registry] in try registry.refresh(bundleIdentifier) }
        if app?.revokedAt != nil {
            streams.close(app: bundleIdentifier)
            pending.cancel(app: bundleIdentifier)
        }
        return app
    }

    /// Revokes an app: its credential fails from the next call on, its change streams close, its pending
    /// permission requests are dropped. Its data and grants stay (registering it again restores access).
    func revokeApp(_ bundleIdentifier: String) async throws -> RegisteredApp? {
        guard let revoked = try await offload({ [registry] in try registry.revoke(bundleIdentifier) }) else {
            return nil
        }
        streams.close(app: bundleIdentifier)
        pending.cancel(app: bundleIdentifier)
        logger.info("revoked \(bundleIdentifier)")
        return revoked
    }
}
