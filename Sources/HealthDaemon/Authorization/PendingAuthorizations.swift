import Foundation
import OpenHealthKitModel
import OpenHealthKitEngine

/// Permission requests waiting for the owner: healthd's ``AuthorizationAnswerer``. The engine asks it about an
/// app's undecided types; the question waits here until the owner answers through the owner routes.
///
/// An app that asks again while its request is pending joins it rather than adding another, and one that asks
/// just after the answer (before the engine recorded it) receives that answer.
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

        init(_ request: AuthorizationRequest) {
            app = request.app.bundleIdentifier
            share = Set(request.toShare.map(\.identifier))
            read = Set(request.toRead.map(\.identifier))
        }
    }

    private struct Entry {
        let pending: Pending
        let key: Key
        var waiters: [UUID: CheckedContinuation<AuthorizationAnswer, any Error>] = [:]
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        var recentAnswers: [Key: (answer: AuthorizationAnswer, at: Date)] = [:]
        var isClosed = false
    }

    /// How long an answer is handed to a request for the same types that arrives after it.
    private static let answerReuse: TimeInterval = 60
    private let state = Locked(State())

    func answer(_ request: AuthorizationRequest) async throws -> AuthorizationAnswer {
        let key = Key(request)
        let waiter = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let immediate = state.withLock { state -> Result<AuthorizationAnswer, any Error>? in
                    if state.isClosed { return .failure(Self.shutDown) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if let recent = state.recentAnswers[key], recent.at.timeIntervalSinceNow > -Self.answerReuse {
                        return .success(recent.answer)
                    }
                    let id = state.entries.first { $0.value.key == key }?.key ?? {
                        let pending = Pending(id: UUID(), request: request, createdAt: Date())
                        state.entries[pending.id] = Entry(pending: pending, key: key)
                        return pending.id
                    }()
                    state.entries[id]?.waiters[waiter] = continuation
                    return nil
                }
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

    /// Answers a pending request: every waiting call receives the answer (the engine records it). Returns the
    /// request, or nil when no request has this id.
    func resolve(_ id: UUID, with answer: AuthorizationAnswer) -> Pending? {
        let resolved = state.withLock { state -> Entry? in
            guard let entry = state.entries.removeValue(forKey: id) else { return nil }
            state.recentAnswers = state.recentAnswers.filter { $0.value.at.timeIntervalSinceNow > -Self.answerReuse }
            state.recentAnswers[entry.key] = (answer, Date())
            return entry
        }
        guard let resolved else { return nil }
        for continuation in resolved.waiters.values { continuation.resume(returning: answer) }
        return resolved.pending
    }

    /// Drops an app's requests (it was revoked): its waiting calls fail with `errorAuthorizationDenied`.
    func cancel(app bundleIdentifier: String) {
        let waiters = state.withLock { state -> [CheckedContinuation<AuthorizationAnswer, any Error>] in
            let ids = state.entries.filter { $0.value.key.app == bundleIdentifier }.map(\.key)
            return ids.flatMap { state.entries.removeValue(forKey: $0)?.waiters.values.map { $0 } ?? [] }
        }
        for continuation in waiters {
            continuation.resume(throwing: HKError(.errorAuthorizationDenied, "The app was revoked before the owner answered"))
        }
    }

    /// Stops waiting, for shutdown: every waiting call fails, and no new request waits.
    func closeAll() {
        let waiters = state.withLock { state -> [CheckedContinuation<AuthorizationAnswer, any Error>] in
            state.isClosed = true
            defer { state.entries.removeAll() }
            return state.entries.values.flatMap(\.waiters.values)
        }
        for continuation in waiters { continuation.resume(throwing: Self.shutDown) }
    }

    private static var shutDown: HKError {
        HKError(.errorUserCanceled, "healthd stopped before the owner answered the permission request; ask again")
    }
}
