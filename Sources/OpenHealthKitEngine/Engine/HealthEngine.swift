import Foundation
import OpenHealthKitModel

/// The store's logic over a ``Storage``: provisioning and authorization, validation, writes, reads and the change
/// feed. It knows no HTTP and no SQL; `HKHealthStore` (in-process) and healthd (for many apps) both drive it.
package final class HealthEngine: Sendable {
    package let storage: any Storage
    package let feed = ChangeFeed()
    package let grants: GrantStore
    let otherCommits: OtherCommitPoller

    package init(storage: any Storage) {
        self.storage = storage
        grants = GrantStore(storage: storage)
        let otherCommits = OtherCommitPoller(storage: storage, feed: feed)
        self.otherCommits = otherCommits
        feed.onActivity { [weak otherCommits] active in otherCommits?.setActive(active) }
    }

    /// Runs a storage call, turning its failures into `HKError`s an app can act on.
    func storageCall<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as HKError {
            throw error
        } catch let error as StorageError {
            throw HKError(.errorInvalidArgument, error.description)
        } catch {
            throw HKError(.errorDatabaseInaccessible, "The health database could not be used: \(error)")
        }
    }

    /// Publishes a change to running queries, if it changed anything.
    func publish(_ change: StoreChange) {
        if !change.isEmpty { feed.publish(change) }
    }
}
