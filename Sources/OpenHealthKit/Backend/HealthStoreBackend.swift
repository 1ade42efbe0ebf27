import Foundation
import OpenHealthKitEngine

/// What an `HKHealthStore` needs from wherever the data lives, already scoped to the store's app: the embedded
/// engine in this process, or (later) a healthd daemon over HTTP. Queries run against this seam.
package protocol HealthStoreBackend: Sendable {
    /// The checks of a request that HealthKit raises exceptions for (disallowed types, missing usage descriptions).
    func checkRequestShape(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws
    func requestAuthorization(toShare: Set<HKSampleType>, read: Set<HKObjectType>) async throws
    func requestStatus(toShare: Set<HKSampleType>, read: Set<HKObjectType>) throws -> HKAuthorizationRequestStatus
    func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus

    func save(_ objects: [HKObject]) throws
    func delete(uuids: [UUID]) throws
    func deleteObjects(of type: HKSampleType, predicate: PredicateTree?) throws -> Int

    func samples(of type: HKSampleType, predicate: PredicateTree?, sort: [RowSort], limit: Int) throws -> [HKSample]
    /// The changes after `anchor` to samples matching any of the filters (anchored and observer queries).
    func changes(matching filters: [SampleFilter], after anchor: Int64, limit: Int) throws -> AnchoredChanges
    /// The anchor of the latest committed change, where a query that watches the store starts.
    func currentAnchor() throws -> Int64
    func sources(of type: HKSampleType, predicate: PredicateTree?) throws -> [HKSource]
    func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String?

    /// Calls `handler` after each committed change touching one of the types (and after grant changes for them).
    func subscribe(to typeIdentifiers: Set<String>, handler: @escaping @Sendable (StoreChange) -> Void) -> ChangeSubscription

    /// Statistics of a quantity type over the samples the app may see (statistics and statistics collection queries).
    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult
}
