public import Foundation
import OpenHealthKitEngine

extension HKHealthStore {
    /// Asks the user which objects of a type that requires per-object authorization (vision prescriptions,
    /// medications) the app may read, among those matching `predicate` (nil: all). As in HealthKit the user is asked
    /// every time; `success` means the request was handled, not that anything was allowed. The app always reads the
    /// objects it saved.
    ///
    /// A type that does not require per-object authorization, or a missing `NSHealthShareUsageDescription`, fails with
    /// `errorInvalidArgument`.
    public func requestPerObjectReadAuthorization(
        for objectType: HKObjectType, predicate: NSPredicate?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let tree: PredicateTree?
        do {
            tree = try predicate.map { try PredicateCondition.tree(from: $0) }
        } catch {
            return workQueue().async { completion(false, error) }
        }
        Task { [backend] in
            do {
                try await backend.requestObjectReadAuthorization(for: objectType, predicate: tree)
                completion(true, nil)
            } catch {
                completion(false, HKError(wrapping: error))
            }
        }
    }

    /// Asks the user which objects of a per-object type the app may read (see
    /// ``requestPerObjectReadAuthorization(for:predicate:completion:)``); throws ``HKError``.
    public func requestPerObjectReadAuthorization(for objectType: HKObjectType, predicate: NSPredicate?) async throws {
        do {
            let tree = try predicate.map { try PredicateCondition.tree(from: $0) }
            try await backend.requestObjectReadAuthorization(for: objectType, predicate: tree)
        } catch {
            throw HKError(wrapping: error)
        }
    }
}
