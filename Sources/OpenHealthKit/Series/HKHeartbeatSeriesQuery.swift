public import Foundation
import OpenHealthKitEngine

/// A query for the beats of a heartbeat series, exactly as they were written: each beat's time since the series'
/// start and whether a gap in the data preceded it.
///
/// The handler is called once per beat, the last one with `done` true, or once with an error. A series the app may
/// not read, or that no longer exists, has no beats: the handler is called once with `done` true.
open class HKHeartbeatSeriesQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let series: HKHeartbeatSeriesSample
    private let handler: @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void

    /// A query for the beats of `heartbeatSeries`; `dataHandler` receives the query, the beat's time since the series'
    /// start, whether a gap preceded it, whether it is the last one, and an error.
    public init(
        heartbeatSeries: HKHeartbeatSeriesSample,
        dataHandler: @escaping @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void
    ) {
        series = heartbeatSeries
        handler = dataHandler
        super.init(
            objectType: HKSeriesType.heartbeat(), predicate: HKQuery.predicateForObject(with: heartbeatSeries.uuid))
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let uuid = series.uuid
        queue.async { [self] in
            switch Result(catching: { try backend.heartbeats(ofSeries: uuid) }) {
            case .failure(let error):
                if !isStopped { handler(self, 0, false, true, HKError(wrapping: error)) }
            case .success(let beats) where beats.isEmpty:
                if !isStopped { handler(self, 0, false, true, nil) }
            case .success(let beats):
                for (index, beat) in beats.enumerated() {
                    guard !isStopped else { return }
                    handler(self, beat.timeSinceStart, beat.precededByGap, index == beats.count - 1, nil)
                }
            }
        }
        return nil
    }
}
