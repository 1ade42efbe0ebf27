public import Foundation
import OpenHealthKitEngine

/// An effort relationship query for Swift concurrency: the relationships changed after an anchor, once
/// (``result(for:)``), or as a sequence that delivers the backlog and then each later read (``results(for:)``).
public struct HKWorkoutEffortRelationshipQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery, Sendable {
    /// The predicate the workouts must match; nil: every workout.
    public nonisolated(unsafe) var predicate: NSPredicate?
    /// Where a previous query stopped; nil reads every relationship.
    public var anchor: HKQueryAnchor?
    /// Every related sample, or the most relevant one.
    public var option: HKWorkoutEffortRelationshipQueryOptions

    /// A query of the relationships of the workouts matching `predicate` changed after `anchor`.
    public init(predicate: NSPredicate?, anchor: HKQueryAnchor?, option: HKWorkoutEffortRelationshipQueryOptions) {
        self.predicate = predicate
        self.anchor = anchor
        self.option = option
    }

    /// What ``result(for:)`` returns.
    public typealias Output = Result
    /// The sequence ``results(for:)`` returns.
    public typealias Sequence = Results

    /// The relationships of one read and the anchor to resume from.
    public struct Result: Sendable {
        /// The relationships changed after the anchor.
        public let relationships: [HKWorkoutEffortRelationship]
        /// Where this read stopped: pass it to the next query.
        public let newAnchor: HKQueryAnchor
    }

    /// Reads the relationships changed after the anchor once.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        let tree = try predicate.map { try PredicateCondition.tree(from: $0) }
        let (anchor, option) = (anchor?.value ?? 0, option)
        return try await healthStore.perform { [backend = healthStore.backend] in
            let answer = try backend.effortRelationships(predicate: tree, after: anchor, option: option)
            return Result(relationships: answer.relationships, newAnchor: HKQueryAnchor(value: answer.anchor))
        }
    }

    /// Reads the relationships changed after the anchor, then after each result's anchor, as the sequence is
    /// iterated; a read with nothing new ends it.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(descriptor: self, store: healthStore)
    }

    /// The results, one read each.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one read's result.
        public typealias Element = Result
        /// The iterator over the reads.
        public typealias AsyncIterator = Iterator
        let descriptor: HKWorkoutEffortRelationshipQueryDescriptor
        let store: HKHealthStore

        /// An iterator from the descriptor's anchor.
        public func makeAsyncIterator() -> Iterator {
            Iterator(descriptor: descriptor, store: store)
        }

        /// The iterator over the reads.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is one read's result.
            public typealias Element = Result
            private var descriptor: HKWorkoutEffortRelationshipQueryDescriptor
            private let store: HKHealthStore
            private var finished = false

            init(descriptor: HKWorkoutEffortRelationshipQueryDescriptor, store: HKHealthStore) {
                self.descriptor = descriptor
                self.store = store
            }

            /// The next read's result; nil once a read finds nothing new.
            public mutating func next() async throws -> Result? {
                guard !finished else { return nil }
                let result = try await descriptor.result(for: store)
                descriptor.anchor = result.newAnchor
                if result.relationships.isEmpty { finished = true }
                return result.relationships.isEmpty ? nil : result
            }
        }
    }
}
