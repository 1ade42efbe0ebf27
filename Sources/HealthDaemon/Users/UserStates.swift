import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The people a healthd serves, each with their ``UserState``: the one owner of a SQLite store, or every user of a
/// PostgreSQL database, whose state is opened on their first call (a credential or a session naming them) and
/// dropped once they are removed.
final class UserStates: Sendable {
    /// The owner, open from the start: a SQLite store's one, or the user every PostgreSQL database has
    /// (`StoreLocation.ownerUserID`, named `owner`), who signs in with the owner secret kept next to `--store`.
    let owner: UserState
    /// The database's accounts, and how a user's state is opened; nil for a SQLite store (no user but the owner).
    private let others: (accounts: UserAccounts, open: @Sendable (Int64) throws -> UserState)?
    private let state = Locked(State())

    private struct State {
        var others: [Int64: UserState] = [:]
        var isRunning = false
        var isClosed = false
    }

    /// A SQLite store's users: its owner alone.
    init(owner: UserState) {
        self.owner = owner
        others = nil
    }

    /// A database's users: `owner` open, anyone else opened by `open` on their first call.
    init(owner: UserState, accounts: UserAccounts, open: @escaping @Sendable (Int64) throws -> UserState) {
        self.owner = owner
        others = (accounts, open)
    }

    /// The database's accounts; nil for a SQLite store.
    var accounts: UserAccounts? { others?.accounts }

    /// Whether healthd serves many users (a PostgreSQL database), who sign in by name.
    var servesMany: Bool { others != nil }

    /// The state of the user with this id, opened if it was not and its records read; nil when healthd serves no
    /// such user (never did, or `hk users remove` removed them: their state is closed, its streams end).
    func state(for id: Int64) async throws -> UserState? {
        if id == owner.id { return owner }
        guard let accounts = others?.accounts else { return nil }
        guard try await offload({ try accounts.exists(id) }) else {
            let removed = state.withLock { $0.others.removeValue(forKey: id) }
            removed?.close()
            return nil
        }
        let user = try await offload { [self] in try openedState(id) }
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
        let all = state.withLock { state in
            state.isRunning = false
            state.isClosed = true
            return Array(state.others.values)
        }
        for user in [owner] + all { user.close() }
    }

    /// The open state of `id`, or a new one (blocking: opening a store connects nothing, but is not for Swift
    /// concurrency's threads).
    private func openedState(_ id: Int64) throws -> UserState {
        if let known = state.withLock({ $0.others[id] }) { return known }
        guard let open = others?.open else { throw StorageUnavailableError("no users but the owner") }
        let made = try open(id)
        let (user, starts) = try state.withLock { state -> (UserState, Bool) in
            guard !state.isClosed else { throw StorageUnavailableError("healthd is shutting down") }
            if let known = state.others[id] { return (known, false) }
            state.others[id] = made
            return (made, state.isRunning)
        }
        if user !== made { made.close() }
        if starts { user.start() }
        return user
    }
}
