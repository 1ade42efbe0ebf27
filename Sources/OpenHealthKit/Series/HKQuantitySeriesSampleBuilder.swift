public import Foundation
import OpenHealthKitModel

/// Builds a quantity sample of several quantities (a series): insert quantities with their dates, then finish the
/// series to save it as one sample. Its quantity is their sum for a cumulative type, their average for a discrete
/// one; ``HKQuantitySeriesSampleQuery`` reads the quantities back, and statistics count each of them.
///
/// Inserting a quantity at the start date of one already inserted replaces it. Finishing needs the app's permission
/// to share the type, as saving does. After finishing or discarding, the builder cannot be used again.
public final class HKQuantitySeriesSampleBuilder: NSObject, @unchecked Sendable {
    /// The type of the quantities.
    public let quantityType: HKQuantityType
    /// When the series starts: no quantity may start before it.
    public let startDate: Date
    /// The device that measured the quantities, if any.
    public let device: HKDevice?

    private let store: HKHealthStore
    private let state = Locked(SeriesBuilderState.collecting)
    /// The quantities so far, by start date (seconds since 1970), in the type's canonical unit.
    private let entries = Locked([Double: QuantitySeriesEntry]())

    /// A builder of samples of `quantityType` starting at `startDate`, saved to `healthStore`; `device` is nil for
    /// data the app generates itself.
    public init(healthStore: HKHealthStore, quantityType: HKQuantityType, startDate: Date, device: HKDevice?) {
        store = healthStore
        self.quantityType = quantityType
        self.startDate = startDate
        self.device = device
        super.init()
    }

    /// Inserts `quantity` at `date`, a quantity without duration (``insert(_:for:)`` with an interval of length 0).
    public func insert(_ quantity: HKQuantity, at date: Date) throws {
        try insert(quantity, for: DateInterval(start: date, duration: 0))
    }

    /// Inserts `quantity` over `dateInterval`, replacing a quantity inserted before at the same start date. A quantity
    /// incompatible with the type or out of range, or an interval starting before ``startDate``, is ``HKError``
    /// `errorInvalidArgument`.
    public func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
        try state.withLock { $0 }.checkCollecting("quantity series builder")
        try QuantityValidation.validate(quantity, for: quantityType)
        guard dateInterval.start >= startDate else {
            throw HKError.invalidArgument(
                "A quantity's date (\(dateInterval.start)) cannot be earlier than the series' start date (\(startDate))"
            )
        }
        try SampleValidation.validateDates(start: dateInterval.start, end: dateInterval.end)
        let value = try quantity.convertedValue(to: quantityType.canonicalUnit)
        entries.withLock {
            $0[dateInterval.start.timeIntervalSince1970] = QuantitySeriesEntry(value: value, interval: dateInterval)
        }
    }

    /// Finishes the series and saves it; `completion` receives the saved samples (one, holding every quantity), or an
    /// error (no quantity inserted, the builder finished or discarded, an invalid date or metadata, no permission).
    public func finishSeries(
        metadata: [String: Any]?, completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void
    ) {
        finishSeries(metadata: metadata, endDate: nil, completion: completion)
    }

    /// Finishes the series with `endDate` as its sample's end (nil: the end of its latest quantity; it must not be
    /// earlier) and saves it; `completion` receives the saved samples or an error.
    public func finishSeries(
        metadata: [String: Any]?, endDate: Date?,
        completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void
    ) {
        let finish = FinishRequest(metadata: metadata, endDate: endDate)
        store.dispatch({ [self] in try finishNow(finish) }) { result in
            switch result {
            case .success(let samples): completion(samples, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Finishes the series and saves it; returns the saved samples (one, holding every quantity).
    public func finishSeries(metadata: [String: Any]?) async throws -> [HKQuantitySample] {
        try await finishSeries(metadata: metadata, endDate: nil)
    }

    /// Finishes the series with `endDate` as its sample's end (nil: the end of its latest quantity) and saves it.
    public func finishSeries(metadata: [String: Any]?, endDate: Date?) async throws -> [HKQuantitySample] {
        let finish = FinishRequest(metadata: metadata, endDate: endDate)
        return try await store.perform { [self] in try finishNow(finish) }
    }

    /// Stops collecting and drops the quantities: nothing is saved, and the builder cannot be used again.
    public func discard() {
        state.withLock { $0 = .discarded }
        entries.withLock { $0.removeAll() }
    }

    /// The metadata and end date of a finish call (metadata values are immutable once handed over).
    private struct FinishRequest: @unchecked Sendable {
        let metadata: [String: Any]?
        let endDate: Date?
    }

    /// Builds the sample of the quantities so far and saves it; the builder is finished once the save succeeded.
    private func finishNow(_ finish: FinishRequest) throws -> [HKQuantitySample] {
        try state.withLock { $0 }.checkCollecting("quantity series builder")
        let sorted = entries.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
        guard let latestEnd = sorted.map(\.interval.end).max() else {
            throw HKError.invalidArgument("A quantity series needs at least one quantity before it can finish")
        }
        if let endDate = finish.endDate, endDate < latestEnd {
            throw HKError.invalidArgument(
                "The series' end date (\(endDate)) cannot be earlier than the end of its latest quantity (\(latestEnd))"
            )
        }
        let end = finish.endDate ?? latestEnd
        let total = sorted.reduce(0) { $0 + $1.value }
        let value = quantityType.aggregationStyle == .cumulative ? total : total / Double(sorted.count)
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: quantityType,
            quantity: HKQuantity(unit: quantityType.canonicalUnit, doubleValue: value),
            start: startDate, end: max(startDate, end), device: device, metadata: finish.metadata,
            sourceRevision: .placeholder(), series: QuantitySeriesSummary(entries: sorted), seriesEntries: sorted)
        try store.backend.save([sample])
        state.withLock { $0 = .finished }
        entries.withLock { $0.removeAll() }
        return [sample]
    }
}
