import Foundation
import Logging
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitWire

/// Permission requests waiting for the owner: healthd's ``AuthorizationAnswerer``. The engine asks it about an
/// app's undecided types; the question waits here until the owner answers through the owner routes.
///
/// An app that asks again while its request is pending joins it rather than adding another, and one that asks
/// just after the answer (before the engine recorded it) receives that answer. A request about single objects
/// receives an earlier answer only when it continues that very request (``continuing(_:)``): a new one always asks,
/// as HealthKit always prompts for objects.
///
/// Requests are kept in the store too, so that they outlive a restart: the owner still sees them, an app that asks
/// again joins them, and an answer to one no call waits for any more is recorded here.
///
/// When several healthd serve one database (``SharedDaemonRecords``), a request about types made through one is
/// announced to the others (``DaemonEvent/pending``: they read the requests again, so the owner sees it on any of
/// them and an app asking through another joins it), and the owner's answer on any of them is kept on the request's
/// row and announced (``DaemonEvent/answered(_:)``): the healthd where calls wait reads it and hands it to them.
final class PendingAuthorizations: AuthorizationAnswerer, Sendable {
    /// A request the owner has not answered yet.
    struct Pending: Sendable {
        let id: UUID
        let request: AuthorizationRequest
        let createdAt: Date
    }

    private struct Key: Hashable {
        let app: String
        let share: Set<String>
        let read: Set<String>
        /// A per-object request's type and objects.
        let objects: Set<String>

        init(_ request: AuthorizationRequest) {
            app = request.app.bundleIdentifier
            share = Set(request.toShare.map(\.identifier))
            read = Set(request.toRead.map(\.identifier))
            objects = Set(
                (request.objects?.candidates.map(\.key) ?? []) + [request.objects?.type.identifier].compactMap { $0 })
        }
    }

    private struct Entry {
        let pending: Pending
        let key: Key
        var waiters: [UUID: CheckedContinuation<AuthorizationAnswer, any Error>] = [:]
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        var recentAnswers: [Key: (answer: AuthorizationAnswer, at: Date, id: UUID)] = [:]
        var isClosed = false
    }

    /// How long an answer is handed to a request for the same types that arrives after it.
    private static let answerReuse: TimeInterval = 60
    private let state = Locked(State())
    private let engine: HealthEngine
    private let records: any DaemonRecordStorage
    private let logger: Logger
    private let registry: AppRegistry
    /// The records other healthd instances share; nil for a store one healthd serves.
    private let shared: (any SharedDaemonRecords)?

    /// No requests until ``load()`` reads those kept in `records`; `shared`, the same records where other healthd
    /// instances share them.
    init(
        engine: HealthEngine, records: any DaemonRecordStorage, shared: (any SharedDaemonRecords)?,
        registry: AppRegistry, logger: Logger
    ) {
        self.engine = engine
        self.records = records
        self.shared = shared
        self.registry = registry
        self.logger = logger
    }

    /// Loads the requests kept in the store (those of apps still registered and not revoked; the registry is loaded
    /// first), joining any made since healthd started. Called again when another healthd announced a change: a
    /// request about types no longer kept there (answered or dropped elsewhere) is forgotten here unless calls of
    /// this healthd wait for it (its answer is announced to them).
    func load() throws {
        var dropped: [UUID] = []
        let records = try records.pendingAuthorizations()
        let kept = Set(records.map(\.id))
        // An app registered through another healthd a moment ago, before its announcement arrived, is not dropped.
        if shared != nil, records.contains(where: { registry.app($0.app) == nil }) { try registry.load() }
        state.withLock { state in
            state.entries = state.entries.filter {
                $0.value.pending.request.objects != nil || !$0.value.waiters.isEmpty || kept.contains($0.key)
            }
        }
        for record in records {
            guard let app = registry.app(record.app), app.revokedAt == nil,
                let toShare = try? WireTypes.sampleTypes(record.toShare),
                let toRead = try? WireTypes.objectTypes(record.toRead)
            else {
                dropped.append(record.id)
                continue
            }
            let request = AuthorizationRequest(app: app.manifest, toShare: toShare, toRead: toRead)
            let pending = Pending(id: record.id, request: request, createdAt: record.createdAt)
            state.withLock { state in
                if state.entries[record.id] == nil {
                    state.entries[record.id] = Entry(pending: pending, key: Key(request))
                }
            }
        }
        try self.records.removePendingAuthorizations(dropped)
    }

    func answer(_ request: AuthorizationRequest) async throws -> AuthorizationAnswer {
        try await answer(request, continuing: nil)
    }

    /// An answerer for a call that keeps waiting for the request `id` (nil: a new request).
    func continuing(_ id: UUID?) -> any AuthorizationAnswerer {
        Continuing(pending: self, id: id)
    }

    private struct Continuing: AuthorizationAnswerer {
        let pending: PendingAuthorizations
        let id: UUID?

        func answer(_ request: AuthorizationRequest) async throws -> AuthorizationAnswer {
            try await pending.answer(request, continuing: id)
        }
    }

    private func answer(_ request: AuthorizationRequest, continuing: UUID?) async throws -> AuthorizationAnswer {
        let key = Key(request)
        let waiter = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                var created: Pending?
                let immediate = state.withLock { state -> Result<AuthorizationAnswer, any Error>? in
                    if state.isClosed { return .failure(Self.shutDown) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if let recent = state.recentAnswers[key], recent.at.timeIntervalSinceNow > -Self.answerReuse,
                        request.objects == nil || recent.id == continuing
                    {
                        return .success(recent.answer)
                    }
                    let id =
                        state.entries.first { $0.value.key == key }?.key
                        ?? {
                            let pending = Pending(id: UUID(), request: request, createdAt: Date())
                            state.entries[pending.id] = Entry(pending: pending, key: key)
                            created = pending
                            return pending.id
                        }()
                    state.entries[id]?.waiters[waiter] = continuation
                    return nil
                }
                if let created { keep(created) }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<AuthorizationAnswer, any Error>? in
                for id in state.entries.keys {
                    if let continuation = state.entries[id]?.waiters.removeValue(forKey: waiter) { return continuation }
                }
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// The requests waiting for the owner, oldest first (of one app, or all).
    func pending(app bundleIdentifier: String? = nil) -> [Pending] {
        state.withLock { state in
            state.entries.values.map(\.pending)
                .filter { bundleIdentifier == nil || $0.request.app.bundleIdentifier == bundleIdentifier }
                .sorted { $0.createdAt < $1.createdAt }
        }
    }

    /// Whether healthd is shutting down: waiting calls were told to ask again.
    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Answers a pending request: the answer is recorded here, then every waiting call receives it (and records the
    /// same grants again), so that a read right after the owner's answer sees it even while the waiting call has not
    /// resumed yet (a `wait=0` request, or a busy machine). Returns the request, or nil when no request has this id.
    func resolve(_ id: UUID, with answer: AuthorizationAnswer) -> Pending? {
        // Made through another healthd moments ago, before its announcement arrived.
        if shared != nil, state.withLock({ $0.entries[id] == nil }) { try? load() }
        let resolved = state.withLock { state -> Entry? in
            guard let entry = state.entries.removeValue(forKey: id) else { return nil }
            state.recentAnswers = state.recentAnswers.filter { $0.value.at.timeIntervalSinceNow > -Self.answerReuse }
            state.recentAnswers[entry.key] = (answer, Date(), id)
            return entry
        }
        guard let resolved else { return nil }
        if resolved.pending.request.objects == nil {
            if let shared {
                // Kept on the request's row for the calls waiting on other healthd instances, and announced to them.
                do {
                    _ = try shared.answerPendingAuthorization(id, answer: Self.encode(answer), at: Date())
                } catch {
                    logger.error("could not share the answer to a permission request: \(error)")
                }
            } else {
                forget([id])
            }
        }
        do {
            try engine.blocking { try await $0.record(answer, to: resolved.pending.request) }
        } catch {
            logger.error(
                "could not record the answer to a permission request of \(resolved.pending.request.app.bundleIdentifier): \(error)"
            )
        }
        for continuation in resolved.waiters.values { continuation.resume(returning: answer) }
        return resolved.pending
    }

    /// What another healthd announced: requests added or dropped (read them again), or one answered there (its
    /// waiting calls here receive the answer kept on its row). Blocking: off Swift concurrency's threads.
    func heard(_ event: DaemonEvent) {
        switch event {
        case .pending:
            do { try load() } catch { logger.error("could not read the permission requests again: \(error)") }
        case .answered(let id):
            let entry = state.withLock { $0.entries.removeValue(forKey: id) }
            guard let entry, !entry.waiters.isEmpty else { return }
            let answer: AuthorizationAnswer
            do {
                guard let text = try shared?.pendingAuthorizationAnswer(id) else { throw Self.shutDown }
                answer = try Self.decode(text)
            } catch {
                for continuation in entry.waiters.values { continuation.resume(throwing: Self.shutDown) }
                return
            }
            state.withLock { state in state.recentAnswers[entry.key] = (answer, Date(), id) }
            for continuation in entry.waiters.values { continuation.resume(returning: answer) }
        case .apps, .callbacks:
            break
        }
    }

    /// An answer as its request's row keeps it: the identifiers of the types allowed.
    private struct StoredAnswer: Codable {
        let share: [String]
        let read: [String]
    }

    private static func encode(_ answer: AuthorizationAnswer) throws -> String {
        let stored = StoredAnswer(
            share: answer.allowedToShare.map(\.identifier).sorted(),
            read: answer.allowedToRead.map(\.identifier).sorted())
        return String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
    }

    private static func decode(_ text: String) throws -> AuthorizationAnswer {
        let stored = try JSONDecoder().decode(StoredAnswer.self, from: Data(text.utf8))
        return AuthorizationAnswer(
            allowedToShare: Set(try WireTypes.sampleTypes(stored.share)),
            allowedToRead: Set(try WireTypes.objectTypes(stored.read)))
    }

    /// Drops an app's requests (it was revoked): its waiting calls fail with `errorAuthorizationDenied`.
    func cancel(app bundleIdentifier: String) {
        let cancelled = state.withLock { state -> [Entry] in
            let ids = state.entries.filter { $0.value.key.app == bundleIdentifier }.map(\.key)
            return ids.compactMap { state.entries.removeValue(forKey: $0) }
        }
        forget(cancelled.map(\.pending.id))
        for continuation in cancelled.flatMap(\.waiters.values) {
            continuation.resume(
                throwing: HKError(.errorAuthorizationDenied, "The app was revoked before the owner answered"))
        }
    }

    /// Stops waiting, for shutdown: every waiting call ends (its app is told to ask again: the request is kept in
    /// the store for the next start), and no new request waits.
    func closeAll() {
        let waiters = state.withLock { state -> [CheckedContinuation<AuthorizationAnswer, any Error>] in
            state.isClosed = true
            defer { for id in state.entries.keys { state.entries[id]?.waiters.removeAll() } }
            return state.entries.values.flatMap(\.waiters.values)
        }
        for continuation in waiters { continuation.resume(throwing: Self.shutDown) }
    }

    /// Keeps a request about types in the store. A request about single objects is not kept: it names objects that
    /// may change meanwhile, and its app asks again after a restart (HealthKit asks about them every time anyway).
    private func keep(_ pending: Pending) {
        guard pending.request.objects == nil else { return }
        let record = PendingAuthorizationRecord(
            id: pending.id, app: pending.request.app.bundleIdentifier,
            toShare: pending.request.toShare.map(\.identifier).sorted(),
            toRead: pending.request.toRead.map(\.identifier).sorted(),
            createdAt: pending.createdAt)
        do {
            try records.savePendingAuthorization(record)
            try shared?.announce(.pending)
        } catch {
            logger.error(
                "could not keep a permission request of \(record.app) (it waits until healthd stops): \(error)")
        }
    }

    private func forget(_ ids: [UUID]) {
        do {
            try records.removePendingAuthorizations(ids)
        } catch {
            logger.error("could not forget answered or dropped permission requests: \(error)")
        }
    }

    private static var shutDown: HKError {
        HKError(
            .errorDatabaseInaccessible,
            "healthd is stopping before the owner answered the permission request; ask again")
    }
}
