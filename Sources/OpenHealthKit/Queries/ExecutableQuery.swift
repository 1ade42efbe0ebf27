package import Foundation
import OpenHealthKitEngine

/// A query the store knows how to run. `start` begins the work against the store's backend (delivering results
/// on `queue`, never on the caller's thread) and returns what stops it, for queries that keep running.
package protocol ExecutableQuery: HKQuery {
    func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)?
}

extension HKQuery {
    /// Whether `stop` was called: results computed after that are dropped, as HealthKit stops calling handlers.
    package var isStopped: Bool { lifecycle.withLock { $0.isStopped } }

    /// The query's predicate as a tree the backend can use; a predicate not built by HKQuery's factories is an
    /// invalid argument.
    package func predicateTree() throws -> PredicateTree? {
        try predicate.map { try PredicateCondition.tree(from: $0) }
    }

    /// The query's sample type, or `errorInvalidArgument` for a query built on another kind of type.
    package func requiredSampleType() throws -> HKSampleType {
        guard let type = objectType as? HKSampleType else {
            throw HKError.invalidArgument("\(objectType?.identifier ?? "nil") is not a sample type")
        }
        return type
    }
}
