public import CoreLocation
public import Foundation

/// The locations of a workout route for Swift concurrency, one at a time in time order (`for try await location in
/// descriptor.results(for: store)`), read a batch at a time as ``HKWorkoutRouteQuery`` reads them.
public struct HKWorkoutRouteQueryDescriptor: HKAsyncSequenceQuery, Sendable {
    /// The route whose locations are read.
    public var workoutRoute: HKWorkoutRoute
    /// Only the locations recorded within this interval; nil: all.
    public var dateInterval: DateInterval?

    /// A descriptor of every location of `workoutRoute`.
    public init(_ workoutRoute: HKWorkoutRoute) {
        self.workoutRoute = workoutRoute
    }

    /// A descriptor of the locations of `workoutRoute` recorded within `dateInterval`.
    public init(_ workoutRoute: HKWorkoutRoute, dateInterval: DateInterval) {
        self.workoutRoute = workoutRoute
        self.dateInterval = dateInterval
    }

    /// The sequence of the route's locations.
    public typealias Sequence = Results

    /// The route's locations, read when iteration begins.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(descriptor: self, store: healthStore)
    }

    /// The route's locations, in time order.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one location.
        public typealias Element = CLLocation
        /// The iterator over the locations.
        public typealias AsyncIterator = Iterator
        let descriptor: HKWorkoutRouteQueryDescriptor
        let store: HKHealthStore

        /// An iterator that starts the query; it stops when iteration stops or its task is cancelled.
        public func makeAsyncIterator() -> Iterator {
            Iterator(
                AsyncThrowingStream { continuation in
                    let handler: @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void = {
                        _, locations, done, error in
                        for location in locations ?? [] { continuation.yield(location) }
                        if let error {
                            continuation.finish(throwing: error)
                        } else if done {
                            continuation.finish()
                        }
                    }
                    let query =
                        descriptor.dateInterval.map {
                            HKWorkoutRouteQuery(route: descriptor.workoutRoute, dateInterval: $0, dataHandler: handler)
                        } ?? HKWorkoutRouteQuery(route: descriptor.workoutRoute, dataHandler: handler)
                    continuation.onTermination = { [store] _ in store.stop(query) }
                    store.execute(query)
                })
        }

        /// The iterator over the route's locations.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is one location.
            public typealias Element = CLLocation
            private var base: AsyncThrowingStream<CLLocation, any Error>.Iterator

            init(_ stream: AsyncThrowingStream<CLLocation, any Error>) {
                base = stream.makeAsyncIterator()
            }

            /// The next location; nil after the last.
            public mutating func next() async throws -> CLLocation? {
                try await base.next()
            }
        }
    }
}
