import Foundation

/// Collects what handlers deliver on other threads (query handlers, stream readers), so that a test can wait for
/// each event in order: ``next(limit:)`` returns as soon as the event is posted, however long that takes.
public final class Inbox<Event: Sendable>: Sendable {
    private struct State {
        /// What was posted, the events before `taken` already taken: taking the oldest moves nothing, so that a
        /// query delivering 100,000 events is read in linear time.
        var events: [Event] = []
        var taken = 0
        var waiter: (id: UUID, continuation: CheckedContinuation<Event, any Error>)?

        mutating func takeOldest() -> Event? {
            guard taken < events.count else { return nil }
            defer {
                taken += 1
                if taken == events.count {
                    events.removeAll(keepingCapacity: true)
                    taken = 0
                }
            }
            return events[taken]
        }

        mutating func takeAll() -> [Event] {
            defer {
                events.removeAll()
                taken = 0
            }
            return Array(events[taken...])
        }
    }

    private let state = Protected(State())

    /// An empty inbox.
    public init() {}

    /// Delivers `event` to the test waiting in ``next(limit:)``, else keeps it for the next call.
    public func post(_ event: Event) {
        let waiter = state.withLock { state -> CheckedContinuation<Event, any Error>? in
            guard let waiter = state.waiter else {
                state.events.append(event)
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: event)
    }

    /// The oldest event not yet taken, waiting for it to be posted; throws ``WaitTimeout`` only after `limit` (a guard
    /// against a hang, not a budget). One test task waits at a time.
    public func next(limit: Duration = SafetyTimeout.duration) async throws -> Event {
        if let ready = state.withLock({ $0.takeOldest() }) { return ready }
        let id = UUID()
        let timer = Task { [weak self] in
            try await Task.sleep(for: limit)
            self?.fail(id, WaitTimeout("nothing was posted within \(limit)"))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Event? in
                    if let ready = state.takeOldest() { return ready }
                    precondition(state.waiter == nil, "one task waits on an inbox at a time")
                    state.waiter = (id, continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            fail(id, CancellationError())
        }
    }

    /// What was posted and not taken, taken now (no waiting).
    public func drain() -> [Event] {
        state.withLock { $0.takeAll() }
    }

    /// Waits `delay`, then takes what was posted meanwhile: for checks that nothing (more) arrives. A slow machine
    /// can only make such a check miss a wrong delivery, never fail a right one; prefer proving silence by an
    /// event that must arrive first (``next(limit:)`` after a later action).
    public func rest(after delay: Duration = .milliseconds(300)) async throws -> [Event] {
        try await Task.sleep(for: delay)
        return drain()
    }

    private func fail(_ id: UUID, _ error: any Error) {
        let waiter = state.withLock { state -> CheckedContinuation<Event, any Error>? in
            guard let waiter = state.waiter, waiter.id == id else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(throwing: error)
    }
}
