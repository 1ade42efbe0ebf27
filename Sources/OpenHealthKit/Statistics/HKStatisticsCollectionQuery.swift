public import Foundation
import OpenHealthKitEngine

/// A query for statistics over a series of fixed calendar intervals (`anchorDate + n × intervalComponents`, in the
/// current calendar and time zone), such as daily step totals or hourly heart-rate averages.
///
/// Set ``initialResultsHandler`` (and, to keep the query running, ``statisticsUpdateHandler``) before executing it.
/// With an update handler the query keeps watching the store: after each save or delete of its type it recomputes,
/// and calls the handler once for every interval whose figures changed, with the new collection.
open class HKStatisticsCollectionQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// The date the intervals are aligned to: each interval starts at `anchorDate` plus a whole number of
    /// ``intervalComponents``.
    public let anchorDate: Date
    /// The statistics to calculate for each interval.
    public let options: HKStatisticsOptions
    /// The length of one interval (a day, a week, an hour...), in the current calendar.
    public let intervalComponents: DateComponents

    private struct Handlers {
        var initial: (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)?
        var update:
            (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)?
    }

    private let handlers = Locked(Handlers())

    /// Called once with the statistics of every matching sample stored now.
    public var initialResultsHandler:
        (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)?
    {
        get { handlers.withLock { $0.initial } }
        set { handlers.withLock { $0.initial = newValue } }
    }

    /// Called after each change that alters an interval, with that interval's statistics and the whole collection;
    /// setting it keeps the query running until it is stopped.
    public var statisticsUpdateHandler:
        (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)?
    {
        get { handlers.withLock { $0.update } }
        set { handlers.withLock { $0.update = newValue } }
    }

    /// Options that do not fit the type's aggregation style raise an exception, as in HealthKit.
    public init(
        quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
        anchorDate: Date, intervalComponents: DateComponents
    ) {
        raiseIfInvalid { try options.validate(for: quantityType) }
        self.anchorDate = anchorDate
        self.options = options
        self.intervalComponents = intervalComponents
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let handlers = handlers.withLock { $0 }
        let live: LiveStatisticsCollection
        do {
            let type = try requiredQuantityType()
            let intervals = try StatisticsIntervals(
                anchor: anchorDate, components: intervalComponents, calendar: .current)
            let request = StatisticsRequest(
                type: type, predicate: try predicateTree(), options: options, intervals: intervals)
            live = LiveStatisticsCollection(backend: backend, request: request, intervals: intervals, queue: queue)
        } catch {
            queue.async { [self] in
                if !isStopped { handlers.initial?(self, nil, HKError(wrapping: error)) }
            }
            return nil
        }
        let update = handlers.update.map { handler in
            { @Sendable [self] (result: Result<LiveStatisticsCollection.Update, HKError>) in
                guard !isStopped else { return }
                switch result {
                case .success(let update):
                    for statistics in update.changed { handler(self, statistics, update.collection, nil) }
                case .failure(let error):
                    handler(self, nil, nil, error)
                }
            }
        }
        live.start(
            initial: { [self] result in
                guard !isStopped else { return }
                switch result {
                case .success(let collection): handlers.initial?(self, collection, nil)
                case .failure(let error): handlers.initial?(self, nil, error)
                }
            }, update: update)
        guard update != nil else { return nil }
        return { live.stop() }
    }
}
