import Foundation
import OpenHealthKitModel

/// The people a healthd serves, each with their ``UserState``: the one owner of a SQLite store.
final class UserStates: Sendable {
    /// The id of a SQLite store's one owner (the one user a PostgreSQL database had before it served many).
    static let soleOwnerID: Int64 = 1
    /// The owner of a store that has one.
    let owner: UserState

    init(owner: UserState) {
        self.owner = owner
    }

    /// The state of the user with this id; nil when healthd serves no such user.
    func state(for id: Int64) -> UserState? {
        id == owner.id ? owner : nil
    }

    /// Every state opened so far.
    var opened: [UserState] { [owner] }

    /// Starts background delivery of every user.
    func start() {
        for state in opened { state.start() }
    }

    /// Closes every user's state (shutting down).
    func close() {
        for state in opened { state.close() }
    }
}
