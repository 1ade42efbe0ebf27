public import Foundation
import OpenHealthKitEngine

/// A quantity series query for Swift concurrency: the quantities inside the samples matching a predicate, as a finite
/// asynchronous sequence.
///
/// ```swift
/// let descriptor = HKQuantitySeriesSampleQueryDescriptor(
///     predicate: .quantitySample(type: HKQuantityType(.heartRate), predicate: HKQuery.predicateForObject(with: id)),
///     options: .orderByQuantitySampleStartDate)
/// for try await result in descriptor.results(for: store) { print(result.quantity, result.dateInterval) }
/// ```
public struct HKQuantitySeriesSampleQueryDescriptor: HKAsyncSequenceQuery, Sendable {
    /// The samples whose quantities are read.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// The order of the quantities and whether each comes with its sample.
    public var options: Options

    /// A query of the quantities of the samples matching `predicate`.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: Options) {
        self.predicate = predicate
        self.options = options
    }

    /// The sequence ``results(for:)`` returns.
    public typealias Sequence = Results

    /// Reads the quantities when iteration begins; the sequence ends after the last one.
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(descriptor: self, store: healthStore)
    }

    /// How a quantity series query orders and fills its results.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The raw bits' type.
        public typealias RawValue = Int
        /// An option set's elements are option sets.
        public typealias Element = Options
        /// An option set is written as an array of its options.
        public typealias ArrayLiteralElement = Options

        /// The raw bits.
        public let rawValue: Int

        /// Options from their raw bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Sample by sample (samples by start date), rather than by each quantity's start date.
        public static let orderByQuantitySampleStartDate = Options(rawValue: 1 << 0)
        /// Each result carries the sample that holds its quantity.
        public static let includeSample = Options(rawValue: 1 << 1)
    }

    /// One quantity of a series.
    public struct Result: Hashable, Sendable {
        /// The sample that holds the quantity; nil unless the options include ``Options/includeSample``.
        public let sample: HKQuantitySample?
        /// The quantity.
        public let quantity: HKQuantity
        /// The quantity's date interval.
        public let dateInterval: DateInterval

        /// Results are equal when their samples, quantities and intervals are.
        public static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.sample == rhs.sample && lhs.quantity == rhs.quantity && lhs.dateInterval == rhs.dateInterval
        }

        /// Hashes the sample, the quantity and the interval.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(sample)
            hasher.combine(quantity)
            hasher.combine(dateInterval)
        }

        /// The hash ``hash(into:)`` produces.
        public var hashValue: Int {
            var hasher = Hasher()
            hash(into: &hasher)
            return hasher.finalize()
        }
    }

    /// The quantities, in the order the options ask.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one quantity.
        public typealias Element = Result
        let descriptor: HKQuantitySeriesSampleQueryDescriptor
        let store: HKHealthStore

        /// The iterator ``makeAsyncIterator()`` returns.
        public typealias AsyncIterator = Iterator

        /// An iterator that reads the quantities on its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            let type = descriptor.predicate.sampleType, options = descriptor.options
            let filter = Swift.Result { try descriptor.predicate.filter() }
            return Iterator(
                FiniteResults(store: store) { backend in
                    guard let quantityType = type as? HKQuantityType else {
                        throw HKError.invalidArgument("\(type.identifier) is not a quantity type")
                    }
                    let filter = try filter.get()
                    let series = try backend.quantitySeries(
                        of: quantityType, predicate: filter.predicate,
                        orderBySample: options.contains(.orderByQuantitySampleStartDate))
                    let unit = quantityType.canonicalUnit
                    return series.quantities.map {
                        Result(
                            sample: options.contains(.includeSample) ? series.samples[$0.sample] : nil,
                            quantity: HKQuantity(unit: unit, doubleValue: $0.value), dateInterval: $0.dateInterval)
                    }
                })
        }

        /// The iterator over the quantities.
        public struct Iterator: AsyncIteratorProtocol {
            /// Each element is one quantity.
            public typealias Element = Result

            private var base: FiniteResults<Result>

            init(_ base: FiniteResults<Result>) {
                self.base = base
            }

            /// The next quantity; nil after the last one.
            public mutating func next() async throws -> Result? {
                try await base.next()
            }
        }
    }
}
