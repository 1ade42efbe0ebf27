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

        /// Beats are equal when their times and gap flags are.
        public static func == (lhs: Heartbeat, rhs: Heartbeat) -> Bool {
            lhs.timeIntervalSinceStart == rhs.timeIntervalSinceStart && lhs.precededByGap == rhs.precededByGap
        }

        /// Hashes the time and the gap flag.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(timeIntervalSinceStart)
            hasher.combine(precededByGap)
        }

        /// The hash ``hash(into:)`` produces.
        public var hashValue: Int {
            var hasher = Hasher()
            hash(into: &hasher)
            return hasher.finalize()
        }
    }

    /// The beats, in the order written.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one beat.
        public typealias Element = Heartbeat
        let uuid: UUID
        let store: HKHealthStore

        /// The iterator ``makeAsyncIterator()`` returns.
        public typealias AsyncIterator = Iterator

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
            /// Each element is one beat.
            public typealias Element = Heartbeat

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
