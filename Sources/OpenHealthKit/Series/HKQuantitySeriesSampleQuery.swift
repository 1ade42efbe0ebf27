public import Foundation
import OpenHealthKitEngine

/// A query for the quantities inside quantity samples: each quantity a ``HKQuantitySeriesSampleBuilder`` inserted in
/// a series sample, and a sample of one quantity as itself, with its date interval.
///
/// The handler is called once per quantity, the last one with `done` true (with no quantity at all, once with a nil
/// quantity and `done` true), or once with an error. Quantities come by their own start date, or, with
/// ``orderByQuantitySampleStartDate``, sample by sample. For figures over quantities, a statistics query gives the
/// same numbers whether the samples hold one quantity or a series.
open class HKQuantitySeriesSampleQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let options = Locked(Options())
    private let handler:
        @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool, (any Error)?) ->
            Void

    private struct Options {
        var includeSample = false
        var orderBySample = false
    }

    /// Whether the handler receives each quantity's sample too (false by default). Set it before executing the query.
    public var includeSample: Bool {
        get { options.withLock { $0.includeSample } }
        set { options.withLock { $0.includeSample = newValue } }
    }

    /// Whether quantities come sample by sample (samples by start date, each sample's quantities by start date) rather
    /// than by their own start date (false by default). Set it before executing the query.
    public var orderByQuantitySampleStartDate: Bool {
        get { options.withLock { $0.orderBySample } }
        set { options.withLock { $0.orderBySample = newValue } }
    }

    /// A query for the quantities of the samples of `quantityType` matching `predicate` (nil: every sample; use
    /// `HKQuery.predicateForObject(with:)` for one series).
    public init(
        quantityType: HKQuantityType, predicate: NSPredicate?,
        quantityHandler:
            @escaping @Sendable (
                HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool, (any Error)?
            ) -> Void
    ) {
        handler = quantityHandler
        super.init(objectType: quantityType, predicate: predicate)
    }

    /// A query for the quantities of one sample, each with its start date (HealthKit's form before date intervals).
    @available(*, deprecated, message: "Use init(quantityType:predicate:quantityHandler:)")
    public init(
        sample quantitySample: HKQuantitySample,
        quantityHandler:
            @escaping @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, Date?, Bool, (any Error)?) ->
            Void
    ) {
        handler = { query, quantity, interval, _, done, error in
            quantityHandler(query, quantity, interval?.start, done, error)
        }
        super.init(
            objectType: quantitySample.quantityType, predicate: HKQuery.predicateForObject(with: quantitySample.uuid))
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let options = options.withLock { $0 }
        queue.async { [self] in
            let result = Result { () throws -> QuantitySeriesValues in
                guard let type = objectType as? HKQuantityType else {
                    throw HKError.invalidArgument("\(objectType?.identifier ?? "nil") is not a quantity type")
                }
                return try backend.quantitySeries(
                    of: type, predicate: predicateTree(), orderBySample: options.orderBySample)
            }
            switch result {
            case .failure(let error):
                guard !isStopped else { return }
                handler(self, nil, nil, nil, true, HKError(wrapping: error))
            case .success(let series):
                guard !series.quantities.isEmpty else {
                    if !isStopped { handler(self, nil, nil, nil, true, nil) }
                    return
                }
                let unit = (objectType as? HKQuantityType)?.canonicalUnit ?? .count()
                for (index, quantity) in series.quantities.enumerated() {
                    guard !isStopped else { return }
                    handler(
                        self, HKQuantity(unit: unit, doubleValue: quantity.value), quantity.dateInterval,
                        options.includeSample ? series.samples[quantity.sample] : nil,
                        index == series.quantities.count - 1, nil)
                }
            }
        }
        return nil
    }
}

extension QuantitySeriesQuantity {
    /// The quantity's dates as an interval.
    var dateInterval: DateInterval {
        DateInterval(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: max(start, end)))
    }
}
