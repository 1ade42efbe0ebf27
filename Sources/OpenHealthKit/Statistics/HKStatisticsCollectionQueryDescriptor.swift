public import Foundation
import OpenHealthKitEngine

/// The Swift-concurrency form of ``HKStatisticsCollectionQuery``: statistics per calendar interval, as a snapshot
/// (``result(for:)``) or as a sequence that starts with the snapshot and goes on with every change (``results(for:)``).
///
/// ```swift
/// let descriptor = HKStatisticsCollectionQueryDescriptor(
///     predicate: .quantitySample(type: HKQuantityType(.stepCount)), options: .cumulativeSum,
///     anchorDate: midnight, intervalComponents: DateComponents(day: 1))
/// for try await update in descriptor.results(for: store) {
///     update.statisticsCollection.enumerateStatistics(from: weekAgo, to: now) { statistics, _ in ... }
/// }
/// ```
public struct HKStatisticsCollectionQueryDescriptor: Sendable {
    /// The samples to calculate.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// The statistics to calculate for each interval.
    public var options: HKStatisticsOptions
    /// The date the intervals are aligned to.
    public var anchorDate: Date
    /// The length of one interval, in the current calendar.
    public var intervalComponents: DateComponents
    /// What ``result(for:)`` returns: the collection now.
    public typealias Output = HKStatisticsCollection
    /// What ``results(for:)`` returns: the live sequence of results.
    public typealias Sequence = Results

    /// A collection query of `predicate`'s samples in intervals of `intervalComponents` aligned to `anchorDate`.
    public init(
        predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions, anchorDate: Date,
        intervalComponents: DateComponents
    ) {
        self.predicate = predicate
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
    }

    /// One state of the collection: the first is the snapshot; each later one follows a change.
    public struct Result: Sendable {
        /// The statistics of every interval holding data.
        public let statisticsCollection: HKStatisticsCollection
        /// The intervals whose figures changed; nil for the first result.
        public let updatedStatistics: [HKStatistics]?
    }

    /// The statistics of every matching sample now. Options that do not fit the type throw `errorInvalidArgument`.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
        let (request, intervals) = try engineRequest()
        return try await healthStore.perform { [backend = healthStore.backend] in
            HKStatisticsCollection(
                type: request.type, options: request.options, intervals: intervals,
                buckets: try backend.statistics(request).buckets)
        }
    }

    /// The collection now, then again after every change that alters an interval, until the iterating task stops.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(descriptor: self, healthStore: healthStore)
    }

    /// The live sequence of results.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one state of the collection.
        public typealias Element = Result
        /// The iterator ``makeAsyncIterator()`` makes.
        public typealias AsyncIterator = Iterator

        let descriptor: HKStatisticsCollectionQueryDescriptor
        let healthStore: HKHealthStore

        /// An iterator that starts the query; the query stops when iteration stops or its task is cancelled.
        public func makeAsyncIterator() -> Iterator {
            Iterator(
                base: AsyncThrowingStream { continuation in
                    let live: LiveStatisticsCollection
                    do {
                        let (request, intervals) = try descriptor.engineRequest()
                        live = LiveStatisticsCollection(
                            backend: healthStore.backend, request: request, intervals: intervals,
                            queue: healthStore.workQueue())
                    } catch {
                        continuation.finish(throwing: error)
                        return
                    }
                    continuation.onTermination = { _ in live.stop() }
                    live.start(
                        initial: { result in
                            switch result {
                            case .success(let collection):
                                continuation.yield(Result(statisticsCollection: collection, updatedStatistics: nil))
                            case .failure(let error): continuation.finish(throwing: error)
                            }
                        },
                        update: { result in
                            switch result {
                            case .success(let update):
                                continuation.yield(
                                    Result(statisticsCollection: update.collection, updatedStatistics: update.changed))
                            case .failure(let error):
                                continuation.finish(throwing: error)
                            }
                        })
                }.makeAsyncIterator())
        }

        /// The iterator over the collection's states.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is one state of the collection.
            public typealias Element = Result
            var base: AsyncThrowingStream<Result, any Error>.Iterator

            /// The next state, waiting for a change after the first; nil once the query has stopped.
            public mutating func next() async throws -> Result? {
                try await base.next()
            }
        }
    }

    private func engineRequest() throws -> (StatisticsRequest, StatisticsIntervals) {
        do {
            let intervals = try StatisticsIntervals(
                anchor: anchorDate, components: intervalComponents, calendar: .current)
            let request = try predicate.statisticsRequest(options: options, intervals: intervals)
            try options.validate(for: request.type)
            return (request, intervals)
        } catch {
            throw HKError(wrapping: error)
        }
    }
}

extension HKStatisticsCollectionQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery {}
