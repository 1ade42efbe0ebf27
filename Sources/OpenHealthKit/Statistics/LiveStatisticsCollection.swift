import Foundation
import OpenHealthKitEngine

/// A statistics collection kept current for a long-running query: computed once, then recomputed after every
/// committed change to its type, every change of the app's decisions for it (so a revoked read takes effect at once)
/// and every change of the type's source priority (which changes merged figures), reporting the intervals whose
/// figures changed. The work runs one step at a time on a serial queue over the store's queue (``ChangeWatch``).
final class LiveStatisticsCollection: Sendable {
    typealias Update = (collection: HKStatisticsCollection, changed: [HKStatistics])

    private let backend: any HealthStoreBackend
    private let request: StatisticsRequest
    private let intervals: StatisticsIntervals
    private let watch: ChangeWatch
    /// The last result delivered; touched only on the watch's serial queue.
    private let latest = Locked<[Date: StatisticsBucket]>([:])

    init(
        backend: any HealthStoreBackend, request: StatisticsRequest, intervals: StatisticsIntervals,
        queue: DispatchQueue
    ) {
        self.backend = backend
        self.request = request
        self.intervals = intervals
        watch = ChangeWatch(label: "OpenHealthKit.statistics", queue: queue)
    }

    /// Computes the collection for `initial`; with `update`, keeps recomputing after changes until ``stop()``, and
    /// calls `update` when an interval's figures changed (or a computation failed).
    func start(
        initial: @escaping @Sendable (Result<HKStatisticsCollection, HKError>) -> Void,
        update: (@Sendable (Result<Update, HKError>) -> Void)?
    ) {
        guard let update else {
            watch.runOnce { [self] in initial(compute().map(\.collection)) }
            return
        }
        watch.start([request.type.identifier], kinds: [.samples, .sourcePriority, .grants], on: backend) { [self] _ in
            initial(compute().map(\.collection))
        } update: { [self] in
            refresh(update)
        }
    }

    func stop() {
        watch.stop()
    }

    private func refresh(_ update: @Sendable (Result<Update, HKError>) -> Void) {
        let previous = latest.withLock { $0 }
        switch compute() {
        case .failure(let error): update(.failure(error))
        case .success(let (collection, buckets)):
            let changed = Set(previous.keys).union(buckets.keys).filter { previous[$0] != buckets[$0] }.sorted()
            guard !changed.isEmpty else { return }
            update(.success((collection, changed.compactMap { collection.statistics(for: $0) })))
        }
    }

    /// The collection now, remembering its buckets for the next comparison.
    private func compute() -> Result<(collection: HKStatisticsCollection, buckets: [Date: StatisticsBucket]), HKError> {
        Result {
            let result = try backend.statistics(request)
            let buckets = Dictionary(result.buckets.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
            latest.withLock { $0 = buckets }
            let collection = HKStatisticsCollection(
                type: request.type, options: request.options, intervals: intervals, buckets: result.buckets)
            return (collection, buckets)
        }.mapError(HKError.init(wrapping:))
    }
}
