public import Foundation
public import HealthKit

/// Where a ``HealthStoreSync`` puts its copies: another `HKHealthStore`, or healthd over its HTTP API
/// (``HealthdDestination``), which an iPhone app reaches without OpenHealthKit's store.
public protocol SyncDestination {
    /// Stores the copies, all or none.
    func saveCopies(_ copies: [HKSample]) async throws
    /// Deletes the copies of `type` whose `HKMetadataKeySyncIdentifier` is one of `syncIdentifiers`; returns how
    /// many were deleted.
    func deleteCopies(of type: HKSampleType, syncIdentifiers: [String]) async throws -> Int
}

extension HKHealthStore: SyncDestination {
    /// Saves the copies in this store.
    public func saveCopies(_ copies: [HKSample]) async throws {
        try await save(copies as [HKObject])
    }

    /// Deletes the copies in this store, by their sync identifiers.
    public func deleteCopies(of type: HKSampleType, syncIdentifiers: [String]) async throws -> Int {
        try await deleteObjects(
            of: type,
            predicate: HKQuery.predicateForObjects(
                withMetadataKey: HKMetadataKeySyncIdentifier, allowedValues: syncIdentifiers))
    }
}
