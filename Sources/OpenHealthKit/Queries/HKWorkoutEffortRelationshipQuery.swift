public import Foundation
import OpenHealthKitEngine

/// A query for the effort samples related to workouts: the relationships added or changed after an anchor, of the
/// workouts matching the predicate, and the anchor to resume from. With `mostRelevant`, each relationship holds only
/// the latest workout effort score the user gave, else the latest estimated one.
open class HKWorkoutEffortRelationshipQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let anchor: HKQueryAnchor?
    private let options: HKWorkoutEffortRelationshipQueryOptions
    private let resultsHandler:
        @Sendable (HKWorkoutEffortRelationshipQuery, [HKWorkoutEffortRelationship]?, HKQueryAnchor?, (any Error)?) ->
            Void

    /// A query of the relationships of the workouts matching `predicate` (nil: every workout) changed after `anchor`
    /// (nil: all).
    public init(
        predicate: NSPredicate?, anchor: HKQueryAnchor?, options: HKWorkoutEffortRelationshipQueryOptions,
        resultsHandler:
            @escaping @Sendable (
                HKWorkoutEffortRelationshipQuery, [HKWorkoutEffortRelationship]?, HKQueryAnchor?, (any Error)?
            ) -> Void
    ) {
        self.anchor = anchor
        self.options = options
        self.resultsHandler = resultsHandler
        super.init(objectType: HKObjectType.workoutType(), predicate: predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let (anchor, options) = (anchor?.value ?? 0, options)
        runOnce(
            on: queue,
            { [self] in try backend.effortRelationships(predicate: predicateTree(), after: anchor, option: options) }
        ) { [self] result in
            switch result {
            case .success(let answer):
                resultsHandler(self, answer.relationships, HKQueryAnchor(value: answer.anchor), nil)
            case .failure(let error): resultsHandler(self, nil, nil, error)
            }
        }
        return nil
    }
}
