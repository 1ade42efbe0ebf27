import Foundation
import OpenHealthKitEngine

/// An anchored object query for Swift concurrency: the samples added and objects deleted after an anchor, once
/// (``result(for:)``) or as a sequence that keeps delivering changes (``results(for:)``).
///
/// With a limit, each result holds at most `limit` samples and deleted objects together; the sequence delivers the
/// backlog page by page, then each later change.
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: HKAsyncQuery, HKAsyncSequenceQuery, Sendable {
    /// One predicate per type of samples to read.
    public var predicates: [HKSamplePredicate<Sample>]
    /// Where a previous query stopped; nil reads every matching sample.
    public var anchor: HKQueryAnchor?
    /// The most samples and deleted objects per result; nil for all.
    public var limit: Int?
    /// What ``result(for:)`` returns: the changes in one read.
    public typealias Output = Result
    /// What ``results(for:)`` returns: the changes as they happen.
    public typealias Sequence = Results

    /// A query of the samples matching any of `predicates` after `anchor` (nil: from the beginning), at most `limit`
    /// per result.
    public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    /// The changes in one read, and the anchor to resume from.
    public struct Result: Sendable {
        /// The matching samples added after the anchor.
        public let addedSamples: [Sample]
        /// The objects deleted after the anchor.
        public let deletedObjects: [HKDeletedObject]
        /// Where this read stopped: pass it to the next query.
        public let newAnchor: HKQueryAnchor

        init(_ samples: [HKSample], _ deletedObjects: [HKDeletedObject], _ anchor: HKQueryAnchor) {
            addedSamples = samples.compactMap { $0 as? Sample }
            self.deletedObjects = deletedObjects
            newAnchor = anchor
        }
    }

    /// Reads the changes after the anchor once.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        let filters = try filters()
        let anchor = anchor?.value ?? 0, limit = max(0, limit ?? HKObjectQueryNoLimit)
        return try await healthStore.perform { [backend = healthStore.backend] in
            let changes = try backend.changes(matching: filters, after: anchor, limit: limit)
            return Result(changes.samples, changes.deletedObjects, HKQueryAnchor(value: changes.anchor))
        }
    }

    /// The predicates as the store reads them: at least one, each built by HKQuery's factories.
    private func filters() throws -> [SampleFilter] {
        guard !predicates.isEmpty else {
            throw HKError.invalidArgument("An anchored object query needs at least one predicate")
        }
        return try predicates.map { try $0.filter() }
    }

    /// Starts a long-running query when iteration begins: the changes after the anchor first, then the changes
    /// after each committed save or delete, until the iterating task is cancelled.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(descriptor: self, store: healthStore)
    }

    /// The changes as they happen.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one result: samples added, objects deleted and the new anchor.
        public typealias Element = Result
        /// The iterator ``makeAsyncIterator()`` makes.
        public typealias AsyncIterator = Iterator
        let descriptor: HKAnchoredObjectQueryDescriptor
        let store: HKHealthStore

        /// An iterator that starts the query; the query stops when iteration stops or its task is cancelled.
        public func makeAsyncIterator() -> Iterator {
            Iterator(
                AsyncThrowingStream { continuation in
                    do {
                        _ = try descriptor.filters()
                    } catch {
                        return continuation.finish(throwing: error)
                    }
                    let handler:
                        @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?)
                            -> Void = {
                                _, samples, deletedObjects, anchor, error in
                                if let samples, let deletedObjects, let anchor {
                                    continuation.yield(Result(samples, deletedObjects, anchor))
                                } else {
                                    continuation.finish(
                                        throwing: error ?? HKError(.unknownError, "The anchored query failed"))
                                }
                            }
                    let query = HKAnchoredObjectQuery(
                        queryDescriptors: descriptor.predicates.map {
                            HKQueryDescriptor(sampleType: $0.sampleType, predicate: $0.nsPredicate)
                        },
                        anchor: descriptor.anchor, limit: descriptor.limit ?? HKObjectQueryNoLimit,
                        resultsHandler: handler)
                    query.keepDelivering(to: handler)
                    continuation.onTermination = { [store] _ in store.stop(query) }
                    store.execute(query)
                })
        }

        /// The iterator over the query's results.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is one result.
            public typealias Element = Result
            private var base: AsyncThrowingStream<Result, any Error>.Iterator

            init(_ stream: AsyncThrowingStream<Result, any Error>) {
                base = stream.makeAsyncIterator()
            }

            /// The next result, waiting for a change when the backlog is read; nil once the query has stopped.
            public mutating func next() async throws -> Result? {
                try await base.next()
            }
        }
    }
}
