public import Foundation
import OpenHealthKitEngine

/// An electrocardiogram query for Swift concurrency: the voltage measurements of one electrocardiogram as a finite
/// asynchronous sequence, in time order.
public struct HKElectrocardiogramQueryDescriptor: HKAsyncSequenceQuery, Sendable {
    /// The electrocardiogram whose voltages are read.
    public var electrocardiogram: HKElectrocardiogram

    /// A query of the voltages of `electrocardiogram`.
    public init(_ electrocardiogram: HKElectrocardiogram) {
        self.electrocardiogram = electrocardiogram
    }

    /// The sequence ``results(for:)`` returns.
    public typealias Sequence = Results

    /// Reads the voltages when iteration begins; the sequence ends after the last measurement.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(uuid: electrocardiogram.uuid, store: healthStore)
    }

    /// The measurements, in time order.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one measurement.
        public typealias Element = HKElectrocardiogram.VoltageMeasurement
        let uuid: UUID
        let store: HKHealthStore

        /// The iterator ``makeAsyncIterator()`` returns.
        public typealias AsyncIterator = Iterator

        /// An iterator that reads the voltages on its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(
                FiniteResults(store: store) { [uuid] backend in
                    try backend.voltages(ofElectrocardiogram: uuid)?.measurements ?? []
                })
        }

        /// The iterator over the measurements.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is one measurement.
            public typealias Element = HKElectrocardiogram.VoltageMeasurement

            private var base: FiniteResults<HKElectrocardiogram.VoltageMeasurement>

            init(_ base: FiniteResults<HKElectrocardiogram.VoltageMeasurement>) {
                self.base = base
            }

            /// The next measurement; nil after the last one.
            public mutating func next() async throws -> HKElectrocardiogram.VoltageMeasurement? {
                try await base.next()
            }
        }
    }
}
