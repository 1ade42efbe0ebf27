import Foundation
import OpenHealthKitModel

/// The store's logic over a ``HealthStorage``: provisioning and authorization, validation, writes, reads and the change
/// feed. It knows no HTTP and no SQL; `HKHealthStore` (in-process) and healthd (for many apps) both drive it.
package final class HealthEngine: Sendable {
    package let storage: any HealthStorage
    package let feed = ChangeFeed()
    package let grants: GrantStore
    package let objectGrants: ObjectGrantStore
    let otherCommits: OtherCommitPoller
    /// Told the underlying error of each storage failure, which callers only see as a generic
    /// `errorDatabaseInaccessible` (healthd logs it).
    private let storageFailed: @Sendable (any Error) -> Void

    package convenience init(storage: any HealthStorage) {
        self.init(storage: storage, storageFailed: { _ in })
    }

    /// An engine on `storage` that tells `storageFailed` the underlying error of each storage failure.
    package init(storage: any HealthStorage, storageFailed: @escaping @Sendable (any Error) -> Void) {
        self.storage = storage
        self.storageFailed = storageFailed
        grants = GrantStore(storage: storage)
        objectGrants = ObjectGrantStore(storage: storage)
        let otherCommits = OtherCommitPoller(storage: storage, feed: feed)
        self.otherCommits = otherCommits
        feed.onActivity { [weak otherCommits] active in otherCommits?.setActive(active) }
    }

    /// Runs a storage call, turning its failures into `HKError`s an app can act on.
    func storageCall<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as HKError {
            throw error
        } catch let error as StorageError {
            throw HKError(.errorInvalidArgument, error.description)
        } catch let error as StorageUnavailableError {
            storageFailed(error)
            throw HKError(.errorDatabaseInaccessible, "The health database is unavailable right now; try again shortly")
        } catch {
            // Never the underlying error: its text can hold SQL, which differs with what the caller may read.
            storageFailed(error)
            throw HKError(.errorDatabaseInaccessible, "The health database could not be used")
        }
    }

    /// Publishes a change to running queries, if it changed anything.
    func publish(_ change: StoreChange) {
        if !change.isEmpty { feed.publish(change) }
    }
}

extension HealthEngine {
    /// Runs `call` to its end on the calling thread, for a caller that cannot await yet (an import's writer,
    /// `HKHealthStore`'s queues, `hk`, healthd's workers). Every storage executes its statements synchronously today,
    /// so the engine's awaits never suspend and run inline (``InlineExecution``); a caller that can await calls the
    /// engine directly instead. Never for a call that waits for someone (`requestAuthorization`, documents and
    /// objects asked for through an ``AuthorizationAnswerer``): that one suspends, and stops the process here.
    package func blocking<T>(
        _ call: (HealthEngine) async throws -> T, file: StaticString = #fileID, line: UInt = #line
    ) throws -> T {
        try InlineExecution.complete({ try await call(self) }, file: file, line: line)
    }
}
