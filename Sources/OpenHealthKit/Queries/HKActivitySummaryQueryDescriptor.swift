public import Foundation
import OpenHealthKitEngine

/// The Swift-concurrency form of ``HKActivitySummaryQuery``: the activity summaries matching a predicate, once
/// (``result(for:)``) or as a sequence that keeps delivering the summaries that change (``results(for:)``).
///
/// ```swift
/// let week = HKQuery.predicate(forActivitySummariesBetweenStart: monday, end: sunday)
/// let summaries = try await HKActivitySummaryQueryDescriptor(predicate: week).result(for: store)
/// ```
///
/// An app without read access to `HKObjectType.activitySummaryType()` receives no summaries and no error.
public struct HKActivitySummaryQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery, Sendable {
    /// The days to read, built with `HKQuery.predicateForActivitySummary(with:)` or
    /// `predicate(forActivitySummariesBetweenStart:end:)` (and `NSCompoundPredicate`); nil reads every summary. The
    /// predicates of HKQuery's factories are immutable, which makes the descriptor safe to send.
    public nonisolated(unsafe) var predicate: NSPredicate?
    /// What ``result(for:)`` returns: the summaries, by day.
    public typealias Output = [HKActivitySummary]
    /// What ``results(for:)`` returns: the summaries as they change.
    public typealias Sequence = Results

    /// A query for the summaries matching `predicate` (nil: every summary).
    public init(predicate: NSPredicate?) {
        self.predicate = predicate
    }

    /// The matching summaries, in ascending order of their days.
    public func result(for healthStore: HKHealthStore) async throws -> [HKActivitySummary] {
        let tree: PredicateTree?
        do {
            tree = try predicate.map { try PredicateCondition.tree(from: $0) }
        } catch {
            throw HKError(wrapping: error)
        }
        return try await healthStore.perform { [backend = healthStore.backend] in
            try backend.activitySummaries(predicate: tree)
        }
    }

    /// Starts a long-running query when iteration begins: every matching summary first, then, after each change to
    /// the stored summaries (an import), the summaries that are new or changed, until the iterating task stops.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(predicate: predicate, store: healthStore)
    }

    /// The summaries as they change.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is a set of summaries: all of them first, then those that changed.
        public typealias Element = [HKActivitySummary]
        /// The iterator ``makeAsyncIterator()`` makes.
        public typealias AsyncIterator = Iterator

        nonisolated(unsafe) let predicate: NSPredicate?
        let store: HKHealthStore

        /// An iterator that starts the query; the query stops when iteration stops or its task is cancelled.
        public func makeAsyncIterator() -> Iterator {
            Iterator(
                AsyncThrowingStream { continuation in
                    let yield: @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void = {
                        _, summaries, error in
                        if let summaries {
                            continuation.yield(summaries)
                        } else {
                            continuation.finish(
                                throwing: error ?? HKError(.unknownError, "The activity summary query failed"))
                        }
                    }
                    let query = HKActivitySummaryQuery(predicate: predicate, resultsHandler: yield)
                    query.updateHandler = yield
                    continuation.onTermination = { [store] _ in store.stop(query) }
                    store.execute(query)
                })
        }

        /// The iterator over the query's results.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is a set of summaries.
            public typealias Element = [HKActivitySummary]
            private var base: AsyncThrowingStream<[HKActivitySummary], any Error>.Iterator

            init(_ stream: AsyncThrowingStream<[HKActivitySummary], any Error>) {
                base = stream.makeAsyncIterator()
            }

            /// The next set of summaries, waiting for a change after the first; nil once the query has stopped.
            public mutating func next() async throws -> [HKActivitySummary]? {
                try await base.next()
            }
        }
    }
}
