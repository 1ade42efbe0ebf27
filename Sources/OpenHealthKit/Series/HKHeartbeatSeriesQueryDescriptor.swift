public import Foundation
import OpenHealthKitEngine

/// A heartbeat series query for Swift concurrency: the beats of one series as a finite asynchronous sequence.
///
/// ```swift
/// for try await beat in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) {
///     print(beat.timeIntervalSinceStart, beat.precededByGap)
/// }
/// ```
public struct HKHeartbeatSeriesQueryDescriptor: HKAsyncSequenceQuery, Sendable {
    /// The series whose beats are read.
    public var sample: HKHeartbeatSeriesSample

    /// A query of the beats of `sample`.
    public init(_ sample: HKHeartbeatSeriesSample) {
        self.sample = sample
    }

    /// The sequence ``results(for:)`` returns.
    public typealias Sequence = Results

    /// Reads the beats when iteration begins; the sequence ends after the last one.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(uuid: sample.uuid, store: healthStore)
    }

    /// One beat of a series.
    public struct Heartbeat: Hashable, Sendable {
        /// The beat's time since the series' start, in seconds.
        public let timeIntervalSinceStart: TimeInterval
        /// Whether one or more beats may be missing before this one.
        public let precededByGap: Bool
    }

    /// The beats, in the order written.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one beat.
        public typealias Element = Heartbeat
        let uuid: UUID
        let store: HKHealthStore

        /// An iterator that reads the beats on its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(
                FiniteResults(store: store) { [uuid] backend in
                    try backend.heartbeats(ofSeries: uuid).map {
                        Heartbeat(timeIntervalSinceStart: $0.timeSinceStart, precededByGap: $0.precededByGap)
                    }
                })
        }

        /// The iterator over the beats.
        public struct Iterator: AsyncIteratorProtocol {
            private var base: FiniteResults<Heartbeat>

            init(_ base: FiniteResults<Heartbeat>) {
                self.base = base
            }

            /// The next beat; nil after the last one.
            public mutating func next() async throws -> Heartbeat? {
                try await base.next()
            }
        }
    }
}
