import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The people a healthd serves, each with their ``UserState``: the one owner of a SQLite store, or every user of a
/// PostgreSQL database, whose state is opened on their first call (a credential or a session naming them) and
/// dropped once they are removed.
///
/// A removal is heard at once (``StoreDirectory/watch(onRemoved:onEvent:onListening:)``: `hk users remove` notifies every healthd on the database
/// when it commits), so the removed user's change streams, background delivery and waiting permission requests end
/// then, not at their next call. Two other paths cover what a notification cannot: every call checks that its user
/// still exists, and each time the listener (re)connects, having possibly missed notifications, the open users are
/// looked up again.
///
/// The same listening connection hears what other healthd instances on the database announce about a user's records
/// (apps registered or revoked, permission requests asked or answered, background-delivery callbacks): the open
/// user's state reads them again (``UserState/heard(_:)``), one event at a time in the order heard.
final class UserStates: Sendable {
    /// The owner, open from the start: a SQLite store's one, or the user every PostgreSQL database has
    /// (`StoreLocation.ownerUserID`, named `owner`), who signs in with the owner secret kept next to `--store`.
    let owner: UserState
    /// The database's people, and how a user's state is opened; nil for a SQLite store (no user but the owner).
    private let others: (directory: any StoreDirectory, open: @Sendable (Int64) throws -> UserState)?
    private let state = Locked(State())
    /// The watch of removals and of other healthd instances' events; nil for a SQLite store.
    private let notifications = Locked<(any StoreWatch)?>(nil)
    /// Where heard events are handled, in order, off the listener's event loop (reading records blocks).
    private let events = DispatchQueue(label: "healthd.DaemonEvents")

    private struct State {
        var others: [Int64: UserState] = [:]
        /// Users known to be removed: never opened again (ids are not reused).
        var removed: Set<Int64> = []
        var isRunning = false
        var isClosed = false
    }

    /// A SQLite store's users: its owner alone.
    init(owner: UserState) {
        self.owner = owner
        others = nil
    }

    /// A database's users: `owner` open, anyone else opened by `open` on their first call; listening for removals
    /// from now on (blocking until the first attempt to listen succeeded or failed: a database that is down is
    /// listened to once it is back).
    init(owner: UserState, directory: any StoreDirectory, open: @escaping @Sendable (Int64) throws -> UserState) {
        self.owner = owner
        others = (directory, open)
        let watch = directory.watch(
            onRemoved: { [weak self] id in self?.drop(id) },
            onEvent: { [weak self] id, event in self?.heard(event, of: id) },
            onListening: { [weak self] in
                self?.dropRemoved()
                self?.refreshOpened()
            })
        notifications.withLock { $0 = watch }
        watch.start()
    }

    /// The database's people; nil for a SQLite store.
    var directory: (any StoreDirectory)? { others?.directory }

    /// Whether healthd serves many users (a PostgreSQL database), who sign in by name.
    var servesMany: Bool { others != nil }

    /// The state of the user with this id, opened if it was not and its records read; nil when healthd serves no
    /// such user (never did, or `hk users remove` removed them: their state is closed, its streams end).
    func state(for id: Int64) async throws -> UserState? {
        if id == owner.id { return owner }
        guard let directory else { return nil }
        guard try await offload({ try directory.userIDs().contains(id) }) else {
            drop(id)
            return nil
        }
        guard let user = try await offload({ [self] in try openedState(id) }) else { return nil }
        if !user.readiness.isReady { try await offload { try user.readiness.ensure() } }
        return user
    }

    /// Every state open now.
    var opened: [UserState] { [owner] + state.withLock { Array($0.others.values) } }

    /// Starts background delivery of every user open, and of each opened from now on.
    func start() {
        state.withLock { $0.isRunning = true }
        for user in opened { user.start() }
    }

    /// Closes every user's state (shutting down); none opens afterwards.
    func close() {
        notifications.withLock { $0 }?.stop()
        let all = state.withLock { state in
            state.isRunning = false
            state.isClosed = true
            return Array(state.others.values)
        }
        for user in [owner] + all { user.close() }
    }

    /// Forgets a removed user for good, closing their state if open: their streams end, background delivery
    /// stops. Off the caller's thread (a listener's event loop): closing ends streams and waits for nothing, but
    /// stopping background delivery may wait for a wake-up in progress.
    private func drop(_ id: Int64) {
        let removed = state.withLock { state in
            state.removed.insert(id)
            return state.others.removeValue(forKey: id)
        }
        guard let removed else { return }
        DispatchQueue.global().async { removed.close() }
    }

    /// Hands an event another healthd announced to the user's state, if open (one not open reads everything when
    /// it opens).
    private func heard(_ event: DaemonEvent, of id: Int64) {
        let user = id == owner.id ? owner : state.withLock { $0.others[id] }
        guard let user else { return }
        events.async { user.heard(event) }
    }

    /// Reads again every open user's records that other healthd instances change (notifications may have been
    /// missed while the listener was away).
    private func refreshOpened() {
        events.async { [self] in
            for user in opened where user.readiness.isReady { user.refreshAll() }
        }
    }

    /// Drops the open users that no longer exist (notifications of their removal may have been missed).
    private func dropRemoved() {
        guard let directory else { return }
        DispatchQueue.global().async { [self] in
            let open = state.withLock { Set($0.others.keys) }
            guard !open.isEmpty, let existing = try? directory.userIDs() else { return }
            for id in open.subtracting(existing) { drop(id) }
        }
    }

    /// The open state of `id`, or a new one; nil once `id` is known to be removed (blocking: opening a store
    /// connects nothing, but is not for Swift concurrency's threads).
    private func openedState(_ id: Int64) throws -> UserState? {
        if let known = state.withLock({ $0.others[id] }) { return known }
        guard let open = others?.open else { throw StorageUnavailableError("no users but the owner") }
        let made = try open(id)
        let (user, starts) = try state.withLock { state -> (UserState?, Bool) in
            guard !state.isClosed else { throw StorageUnavailableError("healthd is shutting down") }
            // Removed between the caller's check and now: heard of, so not opened again.
            guard !state.removed.contains(id) else { return (nil, false) }
            if let known = state.others[id] { return (known, false) }
            state.others[id] = made
            return (made, state.isRunning)
        }
        if user !== made { made.close() }
        if starts { user?.start() }
        return user
    }
}
