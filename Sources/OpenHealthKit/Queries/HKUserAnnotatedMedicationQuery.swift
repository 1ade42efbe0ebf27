public import Foundation
import OpenHealthKitEngine

/// A query for the medications the user tracks and shared with the app (see
/// `HKObjectType.userAnnotatedMedicationType()`): one call of `resultsHandler` per medication, then one with `done`
/// true and no medication.
///
/// The predicate is built with `HKQuery.predicateForUserAnnotatedMedications(isArchived:)` and `(hasSchedule:)`.
open class HKUserAnnotatedMedicationQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let limit: Int
    private let resultsHandler:
        @Sendable (HKUserAnnotatedMedicationQuery, HKUserAnnotatedMedication?, Bool, (any Error)?) -> Void

    /// A query for up to `limit` medications (``HKObjectQueryNoLimit``: all) matching `predicate`.
    public init(
        predicate: NSPredicate?, limit: Int,
        resultsHandler:
            @escaping @Sendable (
                HKUserAnnotatedMedicationQuery, HKUserAnnotatedMedication?, Bool, (any Error)?
            ) -> Void
    ) {
        self.limit = limit
        self.resultsHandler = resultsHandler
        super.init(objectType: HKObjectType.userAnnotatedMedicationType(), predicate: predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        runOnce(on: queue, { [self] in try backend.medications(predicate: predicateTree(), limit: max(0, limit)) }) {
            [self] result in
            switch result {
            case .success(let medications):
                for medication in medications {
                    guard !isStopped else { return }
                    resultsHandler(self, medication, false, nil)
                }
                resultsHandler(self, nil, true, nil)
            case .failure(let error):
                resultsHandler(self, nil, true, error)
            }
        }
        return nil
    }
}

/// The medications the user shared with the app, for Swift concurrency.
public struct HKUserAnnotatedMedicationQueryDescriptor: HKAsyncQuery, Sendable {
    /// What the query returns: the medications, by name.
    public typealias Output = [HKUserAnnotatedMedication]

    /// The predicate the medications must match; nil: all.
    public nonisolated(unsafe) var predicate: NSPredicate?
    /// The most medications to return; nil: all.
    public var limit: Int?

    /// A query for up to `limit` medications matching `predicate`.
    public init(predicate: NSPredicate? = nil, limit: Int? = nil) {
        self.predicate = predicate
        self.limit = limit
    }

    /// Reads the medications.
    public func result(for healthStore: HKHealthStore) async throws -> [HKUserAnnotatedMedication] {
        let tree = try predicate.map { try PredicateCondition.tree(from: $0) }
        let limit = max(0, limit ?? HKObjectQueryNoLimit)
        return try await healthStore.perform { [backend = healthStore.backend] in
            try backend.medications(predicate: tree, limit: limit)
        }
    }
}
